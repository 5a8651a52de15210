import { countChanges, diffWords, toPlainText, type DocJSON, type WordChange } from '@bree/editor';

/** A word-level difference of two texts, cut into the blocks (paragraphs, headings) it is read in. */
export interface DocumentDiff {
  blocks: WordChange[][];
  /** Runs of changed words: a replaced word counts once (docs/PRODUCT.md#versions). */
  count: number;
}

/** Blocks of a document's plain text are separated by one blank line (toPlainText). */
const BLOCK_BREAK = /\n\n+/;

function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!content || typeof content !== 'object') return '';
  try {
    return toPlainText(content as DocJSON);
  } catch {
    return '';
  }
}

/** Appends a run to a block, joining it with the block's last run of the same kind. */
function append(block: WordChange[], kind: WordChange['kind'], text: string): void {
  if (!text) return;
  const last = block[block.length - 1];
  if (last?.kind === kind) last.text += text;
  else block.push({ kind, text });
}

/**
 * The word-level difference of two stored documents (a version against another or against the
 * editor's text): their plain texts diffed with diffWords, then cut at block breaks so each
 * paragraph reads as one, a paragraph added or removed being a block of its own.
 */
export function diffDocuments({ before, after }: { before: unknown; after: unknown }): DocumentDiff {
  const changes = diffWords(plainText(before), plainText(after));
  const blocks: WordChange[][] = [[]];
  for (const change of changes) {
    const parts = change.text.split(BLOCK_BREAK);
    parts.forEach((part, i) => {
      if (i > 0) blocks.push([]);
      append(blocks[blocks.length - 1]!, change.kind, part);
    });
  }
  return { blocks: blocks.filter((block) => block.length > 0), count: countChanges(changes) };
}

/** '12 changes', '1 change', or 'No differences'. */
export function changeCountLabel(count: number): string {
  if (count === 0) return 'No differences';
  return count === 1 ? '1 change' : `${count} changes`;
}
