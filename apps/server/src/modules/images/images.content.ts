import { isBreeImageSrc, type DocJSON } from '@bree/editor';

const PREFIX = '/api/images/';

/** The ids of the stored images a document shows (its image nodes' addresses), in order, each once. */
export function imageIdsIn(doc: DocJSON): string[] {
  const ids = new Set<string>();
  const visit = (node: DocJSON) => {
    const src = node.attrs?.src;
    if (node.type === 'image' && isBreeImageSrc(src)) ids.add(src.slice(PREFIX.length));
    for (const child of node.content ?? []) visit(child);
  };
  visit(doc);
  return [...ids];
}

/**
 * The document with each stored image's address replaced by `urlOf(id)`: a public page's own image
 * address, a data: URI or a file in a zip. Call after normalizeDoc (which keeps only Bree's addresses);
 * an image `urlOf` answers null for is dropped, keeping its alt text as a paragraph.
 */
export function withImageUrls(doc: DocJSON, urlOf: (id: string) => string | null): DocJSON {
  const map = (node: DocJSON): DocJSON => {
    const src = node.attrs?.src;
    if (node.type === 'image' && isBreeImageSrc(src)) {
      const url = urlOf(src.slice(PREFIX.length));
      if (url !== null) return { ...node, attrs: { ...node.attrs, src: url } };
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
      return alt ? { type: 'paragraph', content: [{ type: 'text', text: alt }] } : { type: 'paragraph' };
    }
    return node.content ? { ...node, content: node.content.map(map) } : node;
  };
  return map(doc);
}
