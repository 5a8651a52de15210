import { ERROR_CODES, IMAGE_LIMITS, IMAGE_MESSAGES, imageUploadAnswerSchema, imageUploadFields } from '@bree/contracts';
import type { StoredImage } from '@bree/contracts';
import { ulid } from 'ulid';
import { CLIENT_ERROR_CODES } from '../../../lib/api';

/** What an upload needs: the signed-in writer's token and tenant, and the document the image goes in. */
export interface UploadDeps {
  fileId: string;
  tenantId: string;
  getAccessToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  invalidateToken(): void;
  /** The browser's XMLHttpRequest (fetch cannot report an upload's progress); a fake in tests. */
  newRequest?: () => XMLHttpRequest;
}

export const IMAGE_UPLOAD_MESSAGES = {
  offline: 'Adding an image needs a connection. Try again once you are online.',
  failed: 'The image could not be added. Try again.',
} as const;

/** A refused or failed upload, with the sentence the writer reads. */
export class ImageUploadError extends Error {
  override readonly name = 'ImageUploadError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/**
 * The sentence for a failed upload: the server's own message for its refusals (413, 415, 422), the
 * contract's wording when the answer carries none, a connection sentence when nothing answered.
 */
export function uploadFailure(status: number, body: unknown): ImageUploadError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : null;
  if (status === 0) return new ImageUploadError(IMAGE_UPLOAD_MESSAGES.offline, 0, CLIENT_ERROR_CODES.network);
  const known = code && code in IMAGE_MESSAGES ? IMAGE_MESSAGES[code as keyof typeof IMAGE_MESSAGES] : null;
  const message = typeof error?.message === 'string' && error.message.trim() ? error.message : known;
  return new ImageUploadError(message ?? IMAGE_UPLOAD_MESSAGES.failed, status, code);
}

/** A file the server would refuse for its size alone is not sent (the same words as its 413). */
export function checkBeforeUpload(file: Blob): ImageUploadError | null {
  if (file.size > IMAGE_LIMITS.maxUploadBytes) return new ImageUploadError(IMAGE_MESSAGES.image_too_large, 413, ERROR_CODES.imageTooLarge);
  return null;
}

function send(deps: UploadDeps, file: Blob, token: string | null, onProgress: (fraction: number) => void, operationId: string) {
  return new Promise<{ status: number; body: unknown }>((resolve) => {
    const xhr = deps.newRequest?.() ?? new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Tenant-Id', deps.tenantId);
    xhr.setRequestHeader('X-Operation-Id', operationId);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's page): the status alone speaks.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.ontimeout = () => resolve({ status: 0, body: null });
    xhr.timeout = 120_000;
    const form = new FormData();
    // The document first: the server checks it before reading the image (docs/IMAGES.md).
    form.append(imageUploadFields.fileId, deps.fileId);
    form.append(imageUploadFields.file, file, file instanceof File ? file.name : 'image');
    xhr.send(form);
  });
}

/** POST /api/images with progress (0–1); a 401 is cured once by a fresh token. Rejects with ImageUploadError. */
export async function uploadImage(deps: UploadDeps, file: Blob, onProgress: (fraction: number) => void = () => undefined): Promise<StoredImage> {
  const early = checkBeforeUpload(file);
  if (early) throw early;
  const operationId = ulid();
  let answer = await send(deps, file, await deps.getAccessToken(), onProgress, operationId);
  if (answer.status === 401) {
    deps.invalidateToken();
    answer = await send(deps, file, await deps.getAccessToken({ forceRefresh: true }), onProgress, operationId);
  }
  if (answer.status < 200 || answer.status >= 300) throw uploadFailure(answer.status, answer.body);
  const parsed = imageUploadAnswerSchema.safeParse(answer.body);
  if (!parsed.success) throw new ImageUploadError(IMAGE_UPLOAD_MESSAGES.failed, answer.status, null);
  return parsed.data.image;
}
