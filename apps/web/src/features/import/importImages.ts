import type { DocJSON } from '@bree/editor';
import { ulid } from 'ulid';
import type { ApiClient } from '../../lib/api';
import { cleanDocText } from '../../lib/storableText';
import { sendSave } from '../saving/sendSave';
import { placeImages } from './convert/images';

/** Stores one image of a document (POST /api/images) and answers its `src`. */
export type StoreImage = (fileId: string, image: Blob) => Promise<string>;

/** The row's note when some of a file's images could not be stored. */
export function imagesNote(stored: number, total: number): string | undefined {
  if (stored === total) return undefined;
  return `${total - stored} of ${total} image${total === 1 ? '' : 's'} not added; the alt text is kept`;
}

/**
 * After an import created its document (holding each image's alt text meanwhile), uploads the
 * images one at a time for that document and saves it once more with them in place (docs/IMAGES.md).
 * An image the server refuses keeps its alt text; the document itself is already safe.
 */
export async function storeImportImages(input: {
  api: ApiClient;
  storeImage: StoreImage;
  fileId: string;
  revision: number;
  content: DocJSON;
  images: readonly Blob[];
}): Promise<{ stored: number; total: number }> {
  const total = input.images.length;
  const sources: (string | null)[] = [];
  for (const image of input.images) {
    try {
      sources.push(await input.storeImage(input.fileId, image));
    } catch (error) {
      console.warn('[import] an image was not stored', error);
      sources.push(null);
    }
  }
  const stored = sources.filter(Boolean).length;
  if (stored === 0) return { stored, total };
  const outcome = await sendSave(input.api, {
    fileId: input.fileId,
    content: cleanDocText(placeImages(input.content, sources)),
    baseRevision: input.revision,
    saveKey: ulid(),
    source: 'import',
  });
  return { stored: outcome.kind === 'committed' ? stored : 0, total };
}
