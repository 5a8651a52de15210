import type { DocJSON } from '@bree/editor';

/**
 * Stored images in exports (docs/IMAGES.md "Exports"). The files module knows no image storage:
 * whoever asks for an export passes the bytes of the images the document shows (`ExportImages`),
 * as base64 text so they cross to a worker thread with the document. .html, .md and .docx carry
 * them inside the file (data: URIs, Word's own embedding); in a zip, Markdown links to the files
 * beside it instead (`folder`). .txt names an image by its alt text.
 */
export interface ExportImage {
  contentType: string;
  base64: string;
}
export interface ExportImages {
  byId: Record<string, ExportImage>;
  /** Markdown only: link to `{folder}/{id}.{ext}` (files written beside the .md) instead of data: URIs. */
  folder?: string;
}

const SRC = /^\/api\/images\/([0-9A-Za-z_-]{10,64})$/;
const SRC_IN_JSON = /"\/api\/images\/([0-9A-Za-z_-]{10,64})"/g;

/** The ids of the stored images a document's JSON text names, each once (read without parsing it). */
export function imageIdsInJson(json: string): string[] {
  return [...new Set([...json.matchAll(SRC_IN_JSON)].map((m) => m[1]!))];
}

/** An image's file name in a zip: its id and its type's extension. */
export function imageFileName(id: string, contentType: string): string {
  return `${id}.${contentType === 'image/jpeg' ? 'jpg' : 'png'}`;
}

function altParagraph(node: DocJSON): DocJSON {
  return { type: 'paragraph', content: [{ type: 'text', text: imageText(node) }] };
}

/**
 * The document with each stored image's address replaced by its bytes (a data: URI) or by its file
 * in `folder`; an image without bytes (gone from storage, another tenant's address) becomes its text.
 * Runs after normalizeDoc, which keeps only Bree's own addresses.
 */
export function withExportImages(doc: DocJSON, images: ExportImages | undefined, { links }: { links: 'data' | 'files' }): DocJSON {
  const map = (node: DocJSON): DocJSON => {
    if (node.type === 'image') {
      const id = SRC.exec(String(node.attrs?.src ?? ''))?.[1];
      const image = id ? images?.byId[id] : undefined;
      if (!id || !image) return altParagraph(node);
      const src =
        links === 'files' && images?.folder ? `${images.folder}/${imageFileName(id, image.contentType)}` : `data:${image.contentType};base64,${image.base64}`;
      return { ...node, attrs: { ...node.attrs, src } };
    }
    return node.content ? { ...node, content: node.content.map(map) } : node;
  };
  return map(doc);
}

/** An image in plain text: "[Image: alt text — caption]", or "[Image]" when it has neither. */
export function imageText(node: DocJSON): string {
  const words = [node.attrs?.alt, node.attrs?.caption].filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim());
  return words.length ? `[Image: ${words.join(' — ')}]` : '[Image]';
}

/** Width and height from a PNG's header or a JPEG's frame header (the two types Bree stores); null for anything else. */
export function imageSize(data: Buffer): { width: number; height: number } | null {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  for (let at = 2; at + 9 < data.length;) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

/** Turndown's part: an image's caption as an emphasised line under it (Markdown has no caption). */
export function addImageRules(turndown: { addRule(name: string, rule: { filter: string; replacement: (content: string) => string }): unknown }): void {
  turndown.addRule('figcaption', { filter: 'figcaption', replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : '') });
}

/** Where exports get a tenant's image bytes from: the images module, wired in services.ts. */
export type ExportImageSource = (q: { tenantId: string; ids: readonly string[] }) => Promise<Record<string, ExportImage>>;
