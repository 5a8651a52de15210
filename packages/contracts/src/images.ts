import { z } from 'zod/mini';

/**
 * Limits of stored images (docs/IMAGES.md). The server types an upload by its bytes, refuses it
 * before decoding when its header declares more pixels than `maxInputPixels`, and re-encodes it.
 */
export const IMAGE_LIMITS = {
  /** The largest upload of one image (413 image_too_large). */
  maxUploadBytes: 10 * 1024 * 1024,
  /** The most pixels (width × height, read from the header) an upload may declare (422 image_too_many_pixels). */
  maxInputPixels: 40_000_000,
  /** The longest side of a stored image: larger images are scaled down, keeping their proportions. */
  maxSide: 2400,
  /** Every stored image of one account together, counted after re-encoding (413 image_quota_exceeded). */
  maxAccountBytes: 500 * 1024 * 1024,
} as const;

/** What an upload may be, judged by its bytes (never by its name or declared type); SVG is refused (415). */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** What a stored image is after re-encoding: JPEG for photos, PNG for the rest (docs/IMAGES.md). */
export const IMAGE_STORED_TYPES = ['image/jpeg', 'image/png'] as const;
export type ImageStoredType = (typeof IMAGE_STORED_TYPES)[number];

/** An image's id: base64url, as made by the server; its address is `/api/images/{id}`. */
export const imageIdSchema = z.string().check(z.regex(/^[0-9A-Za-z_-]{10,64}$/));
export const imageParamsSchema = z.object({ id: imageIdSchema });

/** The owner's address of a stored image, the `src` of the editor's image node. */
export function imageSrc(id: string): string {
  return `/api/images/${id}`;
}

/**
 * POST /api/images: multipart with the field `fileId` (the document the image belongs to, sent
 * before the file) and the field `file` (the image). The answer's `src` goes in the image node.
 */
export const imageUploadFields = { fileId: 'fileId', file: 'file' } as const;

export const storedImageSchema = z.object({
  id: imageIdSchema,
  src: z.string(),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  bytes: z.number().check(z.int(), z.positive()),
  contentType: z.enum(IMAGE_STORED_TYPES),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

export const imageUploadAnswerSchema = z.object({ image: storedImageSchema });
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswerSchema>;

/** What the writer reads when an upload is refused, by error code (docs/IMAGES.md). */
export const IMAGE_MESSAGES = {
  image_too_large: 'This image is larger than 10 MB.',
  image_quota_exceeded: 'Your images use all of the 500 MB your account may hold. Remove some images first.',
  unsupported_image: 'Only PNG, JPEG, WebP and GIF images can be added.',
  image_unreadable: 'This image could not be read.',
  image_too_many_pixels: 'This image has more than 40 megapixels.',
} as const;
