import { FEEDBACK_FILE_TYPES } from '@bree/contracts';

const ALLOWED = new Set<string>(FEEDBACK_FILE_TYPES);
/** Old Word and Excel files are both OLE compound files; their bytes cannot tell them apart. */
const OLE_TYPES = new Set(['application/msword', 'application/vnd.ms-excel']);
const SCREENSHOT_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export type Sniffed = { ok: true; type: string } | { ok: false; type: string };

/** True when the bytes read as UTF-8 text without NUL or other binary control characters. */
function looksLikeText(data: Buffer): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0e-\x1a\x1c-\x1f]/.test(data.toString('latin1'))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an attachment judged by its bytes, not its name or the type the browser claimed
 * (the list in docs/PRODUCT.md#feedback). Plain text has no signature: it is text when it decodes as UTF-8.
 */
export async function sniffAttachmentType(data: Buffer, declared: string): Promise<Sniffed> {
  // Loaded with the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  if (!found) return looksLikeText(data) ? { ok: true, type: 'text/plain' } : { ok: false, type: declared || 'application/octet-stream' };
  if (ALLOWED.has(found.mime)) return { ok: true, type: found.mime };
  if (found.mime === 'application/x-cfb' && OLE_TYPES.has(declared)) return { ok: true, type: declared };
  return { ok: false, type: found.mime };
}

/** A screenshot or pasted image must be a JPEG, PNG, GIF or WebP picture. */
export async function sniffScreenshotType(data: Buffer): Promise<Sniffed> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  if (found && SCREENSHOT_TYPES.has(found.mime)) return { ok: true, type: found.mime };
  return { ok: false, type: found?.mime ?? 'application/octet-stream' };
}
