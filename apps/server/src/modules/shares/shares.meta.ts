import { PRODUCT_NAME, SHARE_DESCRIPTION } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';

/** A paragraph's text as a reader sees it: hard breaks as spaces, runs of whitespace as one. */
function paragraphText(node: DocJSON): string {
  const inline = (n: DocJSON): string => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? ' ' : (n.content ?? []).map(inline).join(''));
  return inline(node).replace(/\s+/g, ' ').trim();
}

/** The first paragraph (anywhere in the tree, list items included) whose text is not blank. */
function firstNonEmptyParagraph(node: DocJSON): string | null {
  if (node.type === 'paragraph') {
    const text = paragraphText(node);
    return text === '' ? null : text;
  }
  for (const child of node.content ?? []) {
    const found = firstNonEmptyParagraph(child);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The shared page's meta description (docs/PRODUCT.md#sharing): the first non-empty paragraph, used only
 * when longer than 10 characters, cut at 157 characters plus an ellipsis. Null when there is
 * none; the page then describes itself by its title (sharePageDescription).
 * Characters are code points, so an emoji is never cut in half.
 */
export function metaDescription(doc: DocJSON): string | null {
  const text = firstNonEmptyParagraph(doc);
  if (text === null) return null;
  const chars = [...text];
  if (chars.length <= SHARE_DESCRIPTION.minExclusive) return null;
  if (chars.length <= SHARE_DESCRIPTION.maxChars) return text;
  return chars.slice(0, SHARE_DESCRIPTION.maxChars).join('') + SHARE_DESCRIPTION.ellipsis;
}

/** The description a crawler gets: the rule's, else a sentence naming the document. */
export function sharePageDescription(doc: DocJSON, title: string): string {
  return metaDescription(doc) ?? `"${title}", a document shared with ${PRODUCT_NAME}.`;
}
