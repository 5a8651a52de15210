import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/db/db';
import { createAccountsRepository } from '../src/modules/identity/accounts.repository';
import { refresh, signUp } from './auth-helpers';

/** A signed-in test user calling the API through app.inject with its bearer token and tenant header. */
export interface TestUser {
  sub: string;
  token: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let counter = 0;

/** Creates an account through the real sign-up flow and returns an API caller for it; `email` picks its address. */
export async function newUser(app: FastifyInstance, label = 'user', email?: string): Promise<TestUser> {
  counter += 1;
  const { accessToken, sub } = await signUp(app, { email: email ?? `${label}-${counter}-${Date.now()}@example.com`, password: 'a long password' });
  return apiCaller(app, sub, accessToken);
}

/**
 * {@link newUser} whose address is then verified (as its link or `npm run verify-email` would),
 * with a fresh access token saying so: what an administrator named in ADMIN_EMAILS needs.
 */
export async function newVerifiedUser(t: { app: FastifyInstance; database: Database }, email: string): Promise<TestUser> {
  const session = await signUp(t.app, { email, password: 'a long password' });
  await createAccountsRepository({ db: t.database.db }).markEmailVerified({ id: session.sub });
  const { accessToken } = await refresh(t.app, session.refreshToken);
  return apiCaller(t.app, session.sub, accessToken);
}

/** The same signed-in user calling another Bree on the same database (one started with the user's id in its settings). */
export function onApp(app: FastifyInstance, user: TestUser): TestUser {
  return apiCaller(app, user.sub, user.token);
}

function apiCaller(app: FastifyInstance, sub: string, accessToken: string): TestUser {
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
