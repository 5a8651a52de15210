import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { ImportError } from './errors';

/** Caps checked on the archive's directory before mammoth unpacks anything (zip bombs). */
export const DOCX_LIMITS = {
  maxEntries: 500,
  maxUncompressedBytes: 50 * 1024 * 1024,
} as const;

/**
 * Word styles → HTML. Headings, lists, bold and italic come from mammoth's defaults; underline
 * is ignored by default, so it is mapped to <u>, and strike is stated so it never depends on them.
 * Consecutive code paragraphs join into one code block (Word writes a paragraph per line).
 */
export const DOCX_STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => h2:fresh",
  // Quotes, code and rules as Bree's DOCX export writes them, and Word's own names for them.
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  "p[style-name='Code'] => pre:separator('\\n')",
  "p[style-name='Source Code'] => pre:separator('\\n')",
  "p[style-name='HTML Preformatted'] => pre:separator('\\n')",
  "p[style-name='Horizontal Line'] => hr",
  'u => u',
  'strike => s',
  'dstrike => s',
];

/**
 * Reads the archive's directory only (the filter declines every entry, so nothing is inflated)
 * and refuses it past 500 entries or 50 MB of declared uncompressed size.
 */
export function checkDocxArchive(bytes: Uint8Array): void {
  let entries = 0;
  let declared = 0;
  let tooLarge = false;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        declared += file.originalSize;
        if (entries > DOCX_LIMITS.maxEntries || declared > DOCX_LIMITS.maxUncompressedBytes) tooLarge = true;
        return false;
      },
    });
  } catch (error) {
    throw new ImportError('docx_malformed', { cause: error });
  }
  if (tooLarge) throw new ImportError('docx_too_large_unpacked');
  if (entries === 0) throw new ImportError('docx_malformed');
}

/** The image types the server stores (IMAGE_UPLOAD_TYPES): any other (EMF, WMF, TIFF) is not read and leaves its alt text. */
const STORABLE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * A picture as a data: address, uploaded once the document exists (convert/images.ts). mammoth adds
 * the picture's alt text (Word's description) itself.
 */
const imagesAsData = mammoth.images.imgElement(async (image) => {
  if (!STORABLE_IMAGES.has(image.contentType)) return { src: '' };
  return { src: `data:${image.contentType};base64,${await image.read('base64')}` };
});

type MammothInput = Parameters<typeof mammoth.convertToHtml>[0];

/**
 * mammoth's browser build reads `arrayBuffer` and its Node build (unit tests) reads `buffer`;
 * JSZip underneath takes an ArrayBuffer in both, so one object serves either build.
 */
function zipInput(bytes: ArrayBuffer): MammothInput {
  return { arrayBuffer: bytes, buffer: bytes } as unknown as MammothInput;
}

/**
 * A .docx file → (unsanitised) HTML through mammoth, after the archive caps. Runs in the
 * import worker; the caller sanitises and builds the document tree on the main thread.
 */
export async function docxToHtml(bytes: ArrayBuffer): Promise<string> {
  checkDocxArchive(new Uint8Array(bytes));
  try {
    const result = await mammoth.convertToHtml(zipInput(bytes), { styleMap: DOCX_STYLE_MAP, convertImage: imagesAsData, ignoreEmptyParagraphs: true });
    return result.value;
  } catch (error) {
    throw new ImportError('docx_malformed', { cause: error });
  }
}
