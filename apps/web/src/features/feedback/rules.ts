import { ERROR_CODES, FEEDBACK_FILE_TYPES, FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '@bree/contracts';
import { CLIENT_ERROR_CODES, isApiError } from '../../lib/api';
import { GATEWAY_CODES, NO_ANSWER_CODES } from '../../lib/errorCodes';

/** The dialog's states (docs/PRODUCT.md#feedback). */
export type FeedbackPhase = 'idle' | 'capturing' | 'submitting' | 'success' | 'error';

/** A file as the rules see it (a File, or a test's stand-in). */
export interface SizedFile {
  name: string;
  size: number;
  type: string;
}

const ALLOWED = new Set<string>(FEEDBACK_FILE_TYPES);

/** docs/PRODUCT.md#feedback for files added to those already attached: the first message that applies, else null. */
export function fileProblem(attached: readonly SizedFile[], adding: readonly SizedFile[]): string | null {
  if (attached.length + adding.length > FEEDBACK_LIMITS.maxFiles) return FEEDBACK_MESSAGES.tooManyFiles;
  for (const file of adding) {
    if (file.size > FEEDBACK_LIMITS.maxFileBytes) return FEEDBACK_MESSAGES.fileTooLarge(file.name, file.size);
    if (!ALLOWED.has(file.type)) return FEEDBACK_MESSAGES.fileTypeUnsupported(file.type || 'unknown');
  }
  return null;
}

/** docs/PRODUCT.md#feedback for a captured screenshot or a pasted image. */
export function imageProblem(source: 'screenshot' | 'clipboard', size: number): string | null {
  if (size <= FEEDBACK_LIMITS.maxScreenshotBytes) return null;
  return source === 'screenshot' ? FEEDBACK_MESSAGES.screenshotTooLarge(size) : FEEDBACK_MESSAGES.clipboardTooLarge(size);
}

/** What Submit checks before sending (docs/PRODUCT.md#feedback): the message, then on desktop a screenshot or a file. */
export function submitProblem({
  message,
  hasScreenshot,
  fileCount,
  isMobile,
}: {
  message: string;
  hasScreenshot: boolean;
  fileCount: number;
  isMobile: boolean;
}): string | null {
  if (!message.trim()) return FEEDBACK_MESSAGES.messageRequired;
  if (!isMobile && !hasScreenshot && fileCount === 0) return FEEDBACK_MESSAGES.attachmentRequired;
  return null;
}

/** The total line: KB used against 25600 KB, red above 20 MB (docs/PRODUCT.md#feedback). */
export function totalSize(bytes: number): { text: string; over: boolean } {
  return {
    text: `${Math.ceil(bytes / 1024)} KB / ${FEEDBACK_LIMITS.totalBudgetKb} KB`,
    over: bytes > FEEDBACK_LIMITS.totalWarnBytes,
  };
}

/** Capture size and quality: at most 1920×1080 at 0.8, on a phone 1280×720 at 0.6 (docs/PRODUCT.md#feedback). */
export function captureSettings(page: { width: number; height: number }, isMobile: boolean): { pixelRatio: number; quality: number } {
  const limit = isMobile ? FEEDBACK_LIMITS.screenshot.mobile : FEEDBACK_LIMITS.screenshot.desktop;
  const pixelRatio = Math.min(1, limit.width / Math.max(1, page.width), limit.height / Math.max(1, page.height));
  return { pixelRatio, quality: limit.quality };
}

export type FailureKind = 'rateLimited' | 'tooLarge' | 'other';

/** The failure message (docs/PRODUCT.md#feedback) and whether it clears by itself. */
export function describeFailure(error: unknown): { message: string; kind: FailureKind } {
  const code = isApiError(error) ? error.code : CLIENT_ERROR_CODES.network;
  const prefix = `${FEEDBACK_MESSAGES.failurePrefix} `;
  if (code === ERROR_CODES.rateLimited) return { message: prefix + FEEDBACK_MESSAGES.failureRateLimited, kind: 'rateLimited' };
  if (code === ERROR_CODES.payloadTooLarge || code === ERROR_CODES.tooManyFiles)
    return { message: prefix + FEEDBACK_MESSAGES.failureTooLarge, kind: 'tooLarge' };
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline || (NO_ANSWER_CODES as readonly string[]).includes(code)) return { message: prefix + FEEDBACK_MESSAGES.failureNetwork, kind: 'other' };
  if ((GATEWAY_CODES as readonly string[]).includes(code) || code === ERROR_CODES.internal)
    return { message: prefix + FEEDBACK_MESSAGES.failureServer, kind: 'other' };
  return { message: prefix + FEEDBACK_MESSAGES.failureOther, kind: 'other' };
}

/** Try Again is offered until the third failed attempt. */
export function canTryAgain(attempts: number): boolean {
  return attempts < FEEDBACK_LIMITS.maxAttempts;
}
