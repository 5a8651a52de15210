import { IMAGE_LIMITS, IMAGE_MESSAGES } from '@bree/contracts';
import { AppError } from '../../lib/errors';

const MB = 1024 * 1024;

/** Errors of stored images (docs/IMAGES.md), each with a stable code; the messages are what the writer reads. */
export const imagesErrors = {
  notFound: () => new AppError({ status: 404, code: 'image_not_found', message: 'No image has this address.' }),
  tooLarge: () =>
    new AppError({ status: 413, code: 'image_too_large', message: IMAGE_MESSAGES.image_too_large, details: { maxBytes: IMAGE_LIMITS.maxUploadBytes } }),
  quotaExceeded: (usedBytes: number) =>
    new AppError({
      status: 413,
      code: 'image_quota_exceeded',
      message: IMAGE_MESSAGES.image_quota_exceeded,
      details: { usedMb: Math.round(usedBytes / MB), maxMb: IMAGE_LIMITS.maxAccountBytes / MB },
    }),
  unsupported: (type: string) => new AppError({ status: 415, code: 'unsupported_image', message: IMAGE_MESSAGES.unsupported_image, details: { type } }),
  unreadable: () => new AppError({ status: 422, code: 'image_unreadable', message: IMAGE_MESSAGES.image_unreadable }),
  tooManyPixels: (width: number, height: number) =>
    new AppError({
      status: 422,
      code: 'image_too_many_pixels',
      message: IMAGE_MESSAGES.image_too_many_pixels,
      details: { width, height, maxPixels: IMAGE_LIMITS.maxInputPixels },
    }),
  notMultipart: () =>
    new AppError({ status: 415, code: 'unsupported_media_type', message: 'An image is sent as multipart/form-data: the field fileId, then the field file.' }),
  invalidField: (field: string) =>
    new AppError({ status: 400, code: 'validation_failed', message: `Invalid request: check ${field}.`, details: { fields: [field] } }),
  unreadableUpload: () => new AppError({ status: 400, code: 'invalid_request', message: 'The upload could not be read. Please try again.' }),
};
