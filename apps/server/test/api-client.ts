import type { FastifyInstance, InjectOptions } from 'fastify';
import { signUp } from './auth-helpers';

/** A signed-in test user calling the API through app.inject with its bearer token and tenant header. */
export interface TestUser {
  sub: string;
  token: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let counter = 0;

/** Creates an account through the real sign-up flow and returns an API caller for it; `email` picks its address (an administrator's). */
export async function newUser(app: FastifyInstance, label = 'user', email?: string): Promise<TestUser> {
  counter += 1;
  const { accessToken, sub } = await signUp(app, { email: email ?? `${label}-${counter}-${Date.now()}@example.com`, password: 'a long password' });
  return {
    sub,
    token: accessToken,
    async call(method, url, payload) {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      const type = String(res.headers['content-type'] ?? '');
      return { status: res.statusCode, body: type.includes('json') ? res.json() : res.body };
    },
  };
}

/** A small document tree with one paragraph per text. */
export function doc(...paragraphs: string[]) {
  return { type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) };
}
