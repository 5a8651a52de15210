import type { TestUser } from './api-client';
import type { FastifyInstance } from 'fastify';

/** A 1×1 PNG: what a screenshot's bytes start like. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type: string; data: Buffer };
}

/** A multipart body as a browser's FormData sends it. */
export async function multipart(parts: Part[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.file) form.append(part.name, new Blob([new Uint8Array(part.file.data)], { type: part.file.type }), part.file.filename);
    else form.append(part.name, part.value ?? '');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** The dialog's usual fields: a message, browserInfo and pageContext. */
export function fields(message: string, pageContext = 'Bree — My draft'): Part[] {
  return [
    { name: 'message', value: message },
    { name: 'browserInfo', value: JSON.stringify({ userAgent: 'test-agent', language: 'en-GB', viewport: { width: 1280, height: 800, devicePixelRatio: 1 } }) },
    { name: 'pageContext', value: pageContext },
  ];
}

/** POST /api/feedback as the signed-in user. */
export async function sendFeedback(app: FastifyInstance, user: TestUser, parts: Part[]) {
  const { body, contentType } = await multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub, 'content-type': contentType },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}
