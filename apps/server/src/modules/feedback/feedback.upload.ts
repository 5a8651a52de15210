import { hasUnstorableText, feedbackBrowserInfoSchema, FEEDBACK_LIMITS, FEEDBACK_TOTAL_BYTES, type FeedbackBrowserInfo } from '@bree/contracts';
import type { FastifyRequest } from 'fastify';
import { commonErrors, isAppError } from '../../lib/errors';
import { DRAIN_LIMIT_FACTOR, drainRejectedBody } from '../../plugins/body-drain';
import { feedbackErrors } from './feedback.errors';
import type { FeedbackUpload } from './feedback.service';

export interface ReadUpload {
  message: string;
  browserInfo: FeedbackBrowserInfo;
  pageContext: string;
  screenshot: FeedbackUpload | null;
  files: FeedbackUpload[];
}

/** @fastify/multipart's own limit errors, as Bree's stable codes. */
function translate(error: unknown): Error {
  if (isAppError(error)) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return feedbackErrors.notMultipart();
    case 'FST_FILES_LIMIT':
      return feedbackErrors.tooManyFiles();
    case 'FST_REQ_FILE_TOO_LARGE':
      return feedbackErrors.fileTooLarge('attachment', FEEDBACK_LIMITS.maxFileBytes + 1);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return feedbackErrors.totalTooLarge();
    case 'FST_PROTO_VIOLATION':
      return feedbackErrors.invalidField('body');
    default:
      return feedbackErrors.unreadable();
  }
}

function parseBrowserInfo(text: string): FeedbackBrowserInfo {
  try {
    const parsed = feedbackBrowserInfoSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the same answer as a wrong shape.
  }
  throw feedbackErrors.invalidField('browserInfo');
}

/**
 * Reads the dialog's multipart form: fields message, browserInfo (JSON), pageContext, tenantId
 * (optional, must be the caller's), a `screenshot` file and up to three `files`. The limits of
 * docs/PRODUCT.md#feedback are checked while reading; a refused upload is read to its end first, so the
 * browser receives the answer instead of a reset connection.
 */
export async function readFeedbackUpload(req: FastifyRequest, tenantId: string): Promise<ReadUpload> {
  const out: ReadUpload = { message: '', browserInfo: {}, pageContext: '', screenshot: null, files: [] };
  let total = 0;
  try {
    if (!req.isMultipart()) throw feedbackErrors.notMultipart();
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (hasUnstorableText(value)) throw commonErrors.invalidText(part.fieldname);
        if (part.fieldname === 'message') out.message = value;
        else if (part.fieldname === 'pageContext') out.pageContext = value.slice(0, 500);
        else if (part.fieldname === 'browserInfo') out.browserInfo = parseBrowserInfo(value);
        else if (part.fieldname === 'tenantId' && value && value !== tenantId) throw commonErrors.tenantMismatch();
        continue;
      }
      if (part.fieldname === 'files' && out.files.length >= FEEDBACK_LIMITS.maxFiles) throw feedbackErrors.tooManyFiles();
      if (part.fieldname === 'screenshot' && out.screenshot) throw feedbackErrors.invalidField('screenshot');
      if (part.fieldname !== 'files' && part.fieldname !== 'screenshot') throw feedbackErrors.invalidField(part.fieldname);
      const data = await part.toBuffer();
      total += data.length;
      if (total > FEEDBACK_TOTAL_BYTES) throw feedbackErrors.totalTooLarge();
      const upload = { filename: part.filename, declaredType: part.mimetype, data };
      if (part.fieldname === 'screenshot') out.screenshot = upload;
      else out.files.push(upload);
    }
  } catch (error) {
    const answer = translate(error);
    // A 413 is drained by the error handler; every other refusal is drained here.
    if (!(isAppError(answer) && answer.status === 413)) {
      await drainRejectedBody(req.raw, { maxBytes: DRAIN_LIMIT_FACTOR * req.routeOptions.bodyLimit });
    }
    throw answer;
  }
  return out;
}
