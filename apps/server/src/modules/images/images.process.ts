import { IMAGE_LIMITS, IMAGE_UPLOAD_TYPES, type ImageStoredType } from '@bree/contracts';
import { imagesErrors } from './images.errors';

export interface ProcessedImage {
  data: Buffer;
  contentType: ImageStoredType;
  width: number;
  height: number;
}

const UPLOAD_TYPES = new Set<string>(IMAGE_UPLOAD_TYPES);

/** The type of an upload judged by its bytes (file-type's signatures), never by its name or declared type. */
export async function sniffImageType(data: Buffer): Promise<string> {
  // Loaded with the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  if (found && UPLOAD_TYPES.has(found.mime)) return found.mime;
  // SVG has no signature file-type reads; it and anything else (text, PDF, HEIC…) is refused here.
  throw imagesErrors.unsupported(found?.mime ?? 'unknown');
}

/**
 * Checks and re-encodes an upload (docs/IMAGES.md):
 * 1. typed by its bytes: PNG, JPEG, WebP or GIF, else 415;
 * 2. its header's width × height read without decoding a pixel: above IMAGE_LIMITS.maxInputPixels it
 *    is refused (422) — a few hundred bytes can declare 50,000 × 50,000 pixels, gigabytes once decoded;
 *    sharp's `limitInputPixels` enforces the same bound again inside the decoder;
 * 3. turned upright by its EXIF orientation, scaled down to IMAGE_LIMITS.maxSide, and written anew
 *    without any metadata (EXIF, GPS, XMP, ICC comments are not copied): JPEG stays JPEG (quality
 *    82, progressive), anything with transparency or drawn (PNG, GIF's first frame, WebP with
 *    alpha) becomes PNG, an opaque WebP becomes JPEG — the two types every export and reader takes.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = await sniffImageType(input);
  const { default: sharp } = await import('sharp');
  let meta: { width?: number | undefined; height?: number | undefined; hasAlpha?: boolean | undefined };
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw imagesErrors.unreadable();
  }
  const { width = 0, height = 0 } = meta;
  if (width <= 0 || height <= 0) throw imagesErrors.unreadable();
  if (width * height > IMAGE_LIMITS.maxInputPixels) throw imagesErrors.tooManyPixels(width, height);
  const keepJpeg = type === 'image/jpeg' || (type === 'image/webp' && !meta.hasAlpha);
  const pipeline = sharp(input, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' })
    .rotate()
    .resize({ width: IMAGE_LIMITS.maxSide, height: IMAGE_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true });
  try {
    const encoded = keepJpeg
      ? pipeline.jpeg({ quality: 82, progressive: true, mozjpeg: true })
      : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, contentType: keepJpeg ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch {
    throw imagesErrors.unreadable();
  }
}
