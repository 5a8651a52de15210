import type { FastifyReply, FastifyRequest } from 'fastify';

/** Helpers of the server-rendered sign-in pages' replies and forms. */

/** A string field of a parsed form body ('' when absent); a repeated field counts as absent. */
export function formField(body: unknown, name: string): string {
  if (!body || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** The value of one cookie of the request, if sent. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Adds a Set-Cookie on the raw response, next to any oidc-provider has set there. */
export function appendCookie(reply: FastifyReply, cookie: string): void {
  reply.raw.appendHeader('set-cookie', cookie);
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // Same-origin form posts then carry a real Origin header (helmet's no-referrer sends "null").
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/** A one-time message for the next sign-in page, e.g. after a password reset (Path=/interaction). */
const NOTICE_COOKIE = 'bree_notice';
const NOTICES = new Map([['password_changed', 'Your password has been changed. Sign in with your new password.']]);

const cookieFlags = (secure: boolean) => `Path=/interaction; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Leaves a notice for the next sign-in page of this browser (10 minutes at most). */
export function leaveNotice(reply: FastifyReply, key: 'password_changed', secure: boolean): void {
  appendCookie(reply, `${NOTICE_COOKIE}=${key}; Max-Age=600; ${cookieFlags(secure)}`);
}

/** The notice waiting for this sign-in page, if any; cleared as it is shown. */
export function takeNotice(request: FastifyRequest, reply: FastifyReply, secure: boolean): string | undefined {
  const key = readCookie(request, NOTICE_COOKIE);
  if (key === undefined) return undefined;
  appendCookie(reply, `${NOTICE_COOKIE}=; Max-Age=0; ${cookieFlags(secure)}`);
  return NOTICES.get(key);
}
