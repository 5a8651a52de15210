/**
 * An import's images (docs/IMAGES.md): the converters leave a `data:` image as an image node with
 * its bytes in `src`; before the document travels those bytes are taken out (`takeDataImages`), and
 * once the document exists and each image is uploaded, the stored addresses go in (`placeImages`).
 * An image that could not be stored leaves its alt text, as the schema does with any other source.
 */
import type { DocJSON } from '@bree/editor';
import { dataImageBlob } from '../../editor/images/remoteImages';

/** The `src` an image awaiting its upload carries meanwhile: never one the schema keeps. */
const PENDING = /^pending:(\d+)$/;

function mapImages(node: DocJSON, change: (image: DocJSON) => DocJSON): DocJSON {
  if (node.type === 'image') return change(node);
  if (!node.content) return node;
  const content = node.content.map((child) => mapImages(child, change));
  return content.some((child, i) => child !== node.content![i]) ? { ...node, content } : node;
}

function altParagraph(image: DocJSON): DocJSON {
  const alt = typeof image.attrs?.alt === 'string' ? image.attrs.alt.trim() : '';
  return alt ? { type: 'paragraph', content: [{ type: 'text', text: alt }] } : { type: 'paragraph' };
}

/** The tree with each `data:` image's bytes replaced by `pending:{n}`, and those bytes in order. */
export function takeDataImages(doc: DocJSON): { content: DocJSON; images: Blob[] } {
  const images: Blob[] = [];
  const content = mapImages(doc, (image) => {
    const blob = typeof image.attrs?.src === 'string' ? dataImageBlob(image.attrs.src) : null;
    if (!blob) return image;
    images.push(blob);
    return { ...image, attrs: { ...image.attrs, src: `pending:${images.length - 1}` } };
  });
  return { content, images };
}

/**
 * The tree with each pending image at its stored address (`sources[n]`, from POST /api/images), or
 * its alt text as a paragraph where there is none (not uploaded, refused). With no sources, every
 * pending image is its alt text: what the document holds until its images are stored.
 */
export function placeImages(doc: DocJSON, sources: readonly (string | null)[] = []): DocJSON {
  return mapImages(doc, (image) => {
    const pending = typeof image.attrs?.src === 'string' ? PENDING.exec(image.attrs.src) : null;
    if (!pending) return image;
    const src = sources[Number(pending[1])];
    return src ? { ...image, attrs: { ...image.attrs, src } } : altParagraph(image);
  });
}
