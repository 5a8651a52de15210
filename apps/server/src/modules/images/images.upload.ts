import { hasUnstorableText, imageUploadFields } from '@bree/contracts';
import type { FastifyRequest } from 'fastify';
import { commonErrors, isAppError } from '../../lib/errors';
import { DRAIN_LIMIT_FACTOR, drainRejectedBody } from '../../plugins/body-drain';
import { imagesErrors } from './images.errors';

/** @fastify/multipart's own errors, as Bree's stable codes. */
function translate(error: unknown): Error {
  if (isAppError(error)) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return imagesErrors.notMultipart();
    case 'FST_REQ_FILE_TOO_LARGE':
      return imagesErrors.tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return imagesErrors.invalidField('file');
    default:
      return imagesErrors.unreadableUpload();
  }
}

/**
 * Reads POST /api/images: the field `fileId` and one file in the field `file` (its name and declared
 * type are ignored: the bytes decide). A refused upload is read to its end first, so the browser
 * receives the answer instead of a reset connection.
 */
export async function readImageUpload(req: FastifyRequest, tenantId: string): Promise<{ fileId: string; data: Buffer }> {
  let fileId = '';
  let data: Buffer | null = null;
  try {
    if (!req.isMultipart()) throw imagesErrors.notMultipart();
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (hasUnstorableText(value)) throw commonErrors.invalidText(part.fieldname);
        if (part.fieldname === imageUploadFields.fileId) fileId = value;
        else if (part.fieldname === 'tenantId') {
          if (value && value !== tenantId) throw commonErrors.tenantMismatch();
        } else throw imagesErrors.invalidField(part.fieldname);
        continue;
      }
      if (part.fieldname !== imageUploadFields.file || data) throw imagesErrors.invalidField(part.fieldname);
      data = await part.toBuffer();
    }
    if (!fileId || fileId.length > 64) throw imagesErrors.invalidField('fileId');
    if (!data || data.length === 0) throw imagesErrors.invalidField('file');
  } catch (error) {
    const answer = translate(error);
    // A 413 is drained by the error handler; every other refusal is drained here.
    if (!(isAppError(answer) && answer.status === 413)) {
      await drainRejectedBody(req.raw, { maxBytes: DRAIN_LIMIT_FACTOR * req.routeOptions.bodyLimit });
    }
    throw answer;
  }
  return { fileId, data };
}
