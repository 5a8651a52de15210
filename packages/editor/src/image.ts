import Image from '@tiptap/extension-image';

/** How wide an image is drawn: a third, two thirds or the whole text column. */
export const IMAGE_SIZES = ['small', 'medium', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/**
 * Where a stored image lives: Bree's own image route and nothing else. An image from any other
 * address (an import's URL, a pasted `data:`) is never fetched or kept as an image (docs/IMAGES.md).
 */
export const BREE_IMAGE_SRC = /^\/api\/images\/[0-9A-Za-z_-]{10,64}$/;

/** The longest alt text and caption kept. */
export const IMAGE_TEXT_MAX = 1000;

export function isBreeImageSrc(src: unknown): src is string {
  return typeof src === 'string' && BREE_IMAGE_SRC.test(src);
}

/** The part of a DOM element the parsers read (the server has no DOM types). */
interface ImageSource {
  getAttribute(name: string): string | null;
  querySelector?(selector: string): ImageSource | null;
  textContent?: string | null;
}

function sizeOf(value: string | null): ImageSize {
  return (IMAGE_SIZES as readonly string[]).includes(value ?? '') ? (value as ImageSize) : 'full';
}

/**
 * A block image with alt text, a caption and a width preset, drawn as `<figure>`: TipTap's image
 * node, without its title, pixel width and height (the server re-encodes every image; the width is a preset).
 */
export const BreeImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      caption: { default: null },
      size: { default: 'full' },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (node) => {
          const el = node as unknown as ImageSource;
          const img = el.querySelector?.('img');
          if (!img) return false;
          const caption = el.querySelector?.('figcaption')?.textContent?.trim();
          return { src: img.getAttribute('src'), alt: img.getAttribute('alt'), caption: caption || null, size: sizeOf(el.getAttribute('data-size')) };
        },
      },
      {
        tag: 'img[src]',
        getAttrs: (node) => {
          const el = node as unknown as ImageSource;
          return { src: el.getAttribute('src'), alt: el.getAttribute('alt'), size: sizeOf(el.getAttribute('data-size')) };
        },
      },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const { src, alt, caption, size } = node.attrs as { src: string | null; alt: string | null; caption: string | null; size: string };
    const figure: Record<string, string> = { 'data-size': sizeOf(size) };
    if (HTMLAttributes['data-id']) figure['data-id'] = String(HTMLAttributes['data-id']);
    const img = ['img', { src: src ?? '', alt: alt ?? '' }] as const;
    return caption ? ['figure', figure, img, ['figcaption', {}, caption]] : ['figure', figure, img];
  },
}).configure({ inline: false, allowBase64: false });
