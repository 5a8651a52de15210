import { countWords, isBreeImageSrc, toPlainText, type DocJSON } from '@bree/editor';

/** Reading speed the reading time assumes, in words a minute. */
const WORDS_PER_MINUTE = 230;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const inline = (n: DocJSON): string => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? ' ' : (n.content ?? []).map(inline).join(''));

/**
 * The post's text without its first block when that block only repeats the title: a document
 * whose first line became the post's title would otherwise show it twice, as the heading and as
 * the first paragraph (the same rule for the page, the feed and the excerpt).
 */
export function withoutTitleLine(content: unknown, title: string): DocJSON {
  const doc = content as DocJSON;
  const blocks = doc.content ?? [];
  const first = blocks.findIndex((b) => squash(inline(b)) !== '' || b.type === 'image');
  const block = first >= 0 ? blocks[first] : undefined;
  if (!block || (block.type !== 'paragraph' && block.type !== 'heading') || squash(inline(block)) !== squash(title)) return doc;
  return { ...doc, content: blocks.filter((_, i) => i !== first) };
}

/** Whole minutes to read, at least one. */
export function readingMinutes(doc: DocJSON): number {
  return Math.max(1, Math.round(countWords(toPlainText(doc)) / WORDS_PER_MINUTE));
}

/** The post's cover: its first stored image (id and alt text), or null. */
export function coverImage(doc: DocJSON): { id: string; alt: string } | null {
  const visit = (node: DocJSON): { id: string; alt: string } | null => {
    const src = node.attrs?.src;
    if (node.type === 'image' && isBreeImageSrc(src))
      return { id: src.slice('/api/images/'.length), alt: typeof node.attrs?.alt === 'string' ? node.attrs.alt : '' };
    for (const child of node.content ?? []) {
      const found = visit(child);
      if (found) return found;
    }
    return null;
  };
  return visit(doc);
}
