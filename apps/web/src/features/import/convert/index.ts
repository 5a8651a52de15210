import type { DocJSON } from '@bree/editor';
import type { ImportKind } from '../validate';
import { convertDocxInWorker } from './docxWorker';
import { htmlToDoc } from './html';
import { markdownToDoc } from './markdown';
import { txtToDoc } from './txt';

export { ImportError, isImportError } from './errors';
export type { ImportProblem } from './errors';

/** Reads and converts one file in the browser into Bree's document tree (docs/PRODUCT.md#import). */
export async function convertFile(file: Blob, kind: ImportKind): Promise<DocJSON> {
  switch (kind) {
    case 'txt':
      return txtToDoc(await file.text());
    case 'markdown':
      return markdownToDoc(await file.text());
    case 'html':
      return htmlToDoc(await file.text());
    case 'docx':
      return htmlToDoc(await convertDocxInWorker(await file.arrayBuffer()), { unwrapLinkUnderline: true });
  }
}
