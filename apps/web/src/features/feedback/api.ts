import { feedbackSubmitAnswerSchema, type FeedbackBrowserInfo, type FeedbackSubmitAnswer } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** What the dialog sends (docs/PRODUCT.md#feedback); files travel as multipart parts. */
export interface FeedbackPayload {
  tenantId: string;
  message: string;
  screenshot: Blob | null;
  files: File[];
  browserInfo: FeedbackBrowserInfo;
  pageContext: string;
}

/** The browser's details sent with feedback, so a report can be reproduced. */
export function collectBrowserInfo(): FeedbackBrowserInfo {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform: navigator.platform,
    cookieEnabled: navigator.cookieEnabled,
    viewport: { width: window.innerWidth, height: window.innerHeight, devicePixelRatio: window.devicePixelRatio },
    timestamp: new Date().toISOString(),
    url: window.location.href,
    referrer: document.referrer,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
  };
}

/** POST /api/feedback as multipart: the fields, the screenshot and the files. */
export function submitFeedback(api: ApiClient, payload: FeedbackPayload): Promise<FeedbackSubmitAnswer> {
  const form = new FormData();
  form.append('tenantId', payload.tenantId);
  form.append('message', payload.message);
  form.append('browserInfo', JSON.stringify(payload.browserInfo));
  form.append('pageContext', payload.pageContext || 'Unknown Page');
  if (payload.screenshot) form.append('screenshot', payload.screenshot, payload.screenshot.type === 'image/png' ? 'screenshot.png' : 'screenshot.jpg');
  for (const file of payload.files) form.append('files', file, file.name);
  // A large upload on a slow line takes longer than a JSON call.
  return api.post('/feedback', form, { schema: feedbackSubmitAnswerSchema, timeoutMs: 120_000 });
}
