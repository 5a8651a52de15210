import { docContentSchema } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeavyWork } from '../src/lib/workers/heavy-work';
import { requestFingerprint } from '../src/plugins/replay';
import type { CatalogRoute } from '../src/plugins/route-catalog';
import { doc, newVerifiedUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * Deeply nested request bodies (docs/HARDENING.md): a document nested far past the editor's 40
 * levels once overflowed the stack in the replay fingerprint and the worker hand-off, a 500. Every
 * route that takes a document must answer 400 document_too_deep whatever the depth, with or without
 * X-Operation-Id, and every other route must refuse a deep body with the same stable code.
 */

const DEEP_ADMIN = 'deep-admin@example.com';
const REFUSED_DEPTHS = [41, 2_000, 4_000, 100_000];
const ACCEPTED_DEPTH = 40;

/**
 * A document `depth` levels deep as validateDoc counts them (doc, then a list and its item per two
 * levels, a paragraph, its text), written as JSON text: a tree this deep cannot pass through
 * JSON.stringify. The first item's paragraph holds the words, so no save is refused as blank; past
 * 40 levels the items leave out their paragraphs (the depth is refused first), keeping bodies small.
 */
function deepDocJson(depth: number): string {
  const pairs = depth % 2 === 1 ? (depth - 3) / 2 : (depth - 2) / 2;
  const inner = depth % 2 === 1 ? '{"type":"paragraph","content":[{"type":"text","text":"end"}]}' : '{"type":"paragraph"}';
  const list = '{"type":"bulletList","content":[{"type":"listItem","content":[';
  const first = `${list}{"type":"paragraph","content":[{"type":"text","text":"deep"}]},`;
  const middle = depth > ACCEPTED_DEPTH ? list : `${list}{"type":"paragraph"},`;
  return `{"type":"doc","content":[${first}${middle.repeat(pairs - 2)}${list}${inner}${']}]}'.repeat(pairs)}]}`;
}

/** `body` as JSON with the field `field` holding the JSON text `json` as it is. */
function withRawField(body: Record<string, unknown>, field: string, json: string): string {
  return JSON.stringify({ ...body, [field]: '__RAW__' }).replace('"__RAW__"', () => json);
}

interface ZodLike {
  _zod?: { def?: { type?: string; innerType?: ZodLike } };
  shape?: Record<string, ZodLike>;
}

/** The schema under optional and default wrappers. */
function unwrapped(schema: ZodLike | undefined): ZodLike | undefined {
  const def = schema?._zod?.def;
  return def && (def.type === 'optional' || def.type === 'default') ? unwrapped(def.innerType) : schema;
}

/** The body fields of a route that take a document (the contracts' docContentSchema). */
function documentFields(route: CatalogRoute): string[] {
  const shape = (route.schema.body as ZodLike | undefined)?.shape ?? {};
  return Object.entries(shape)
    .filter(([, schema]) => unwrapped(schema) === (docContentSchema as unknown))
    .map(([name]) => name);
}

describe('deeply nested bodies answer 400 document_too_deep, never a 500', () => {
  let t: TestApp;
  let me: TestUser;
  let target: string;
  let master: string;
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: DEEP_ADMIN });
    await resetDatabase(t.database);
    // An administrator: the admin routes reach their body check too, past the guard.
    me = await newVerifiedUser(t, DEEP_ADMIN);
    target = (await me.call('POST', '/api/files/create', { filePath: 'Target', content: doc('aim') })).body.file.id;
    master = (await me.call('POST', '/api/files/create', { filePath: 'Master', content: doc('master') })).body.file.id;
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: master })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each document route's URL and a body valid but for its document (made afresh: a save needs the current revision). */
  const documentRoutes: Record<string, () => Promise<{ url: string; body: Record<string, unknown> }>> = {
    'POST /api/files/create content': async () => ({ url: '/api/files/create', body: { filePath: `Deep ${sent}` } }),
    'POST /api/files/upload content': async () => ({ url: '/api/files/upload', body: { filePath: `Deep upload ${sent}` } }),
    'POST /api/files/sync-ulid content': async () => ({ url: '/api/files/sync-ulid', body: { filePath: `Deep sync ${sent}` } }),
    'POST /api/files/content-only-update content': async () => {
      const revision = (await me.call('POST', '/api/files/get', { fileId: target })).body.file.revision as number;
      return { url: '/api/files/content-only-update', body: { fileId: target, baseRevision: revision, operationId: `op-deep-save-${sent}` } };
    },
    'POST /api/versions/create content': async () => ({ url: '/api/versions/create', body: { fileId: target, reason: 'manual' } }),
    'POST /api/versions/name content': async () => ({ url: '/api/versions/name', body: { fileId: target, name: 'Deep' } }),
    'POST /api/workspaces/:fileId/variants currentContent': async () => ({ url: `/api/workspaces/${master}/variants`, body: { type: 'duplicate' } }),
  };

  async function send({ url, payload, operationId }: { url: string; payload: string; operationId: boolean }) {
    sent += 1;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${me.token}`,
        'x-tenant-id': me.sub,
        'content-type': 'application/json',
        ...(operationId ? { 'x-operation-id': `op-deep-${sent}` } : {}),
      },
      payload,
    });
    return { status: res.statusCode, code: String(res.json().error?.code ?? '') };
  }

  async function sendDocument({ key, depth, operationId }: { key: string; depth: number; operationId: boolean }) {
    const [, , field] = key.split(' ');
    const { url, body } = await documentRoutes[key]!();
    return send({ url, payload: withRawField(body, field!, deepDocJson(depth)), operationId });
  }

  it('knows every route that takes a document', () => {
    const found = t.app.routeCatalog.flatMap((route) => documentFields(route).map((field) => `${route.method} ${route.url} ${field}`));
    expect(found.sort()).toEqual(Object.keys(documentRoutes).sort());
  });

  it.each(REFUSED_DEPTHS)('refuses a document %i levels deep on every document route, with and without X-Operation-Id', async (depth) => {
    const answers: string[] = [];
    for (const key of Object.keys(documentRoutes)) {
      for (const operationId of [false, true]) {
        const res = await sendDocument({ key, depth, operationId });
        answers.push(`${key}${operationId ? ' with id' : ''}: ${res.status} ${res.code}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith(': 400 document_too_deep'))).toEqual([]);
  });

  it('still accepts a document 40 levels deep on every document route', async () => {
    for (const key of Object.keys(documentRoutes)) {
      for (const operationId of [false, true]) {
        const res = await sendDocument({ key, depth: ACCEPTED_DEPTH, operationId });
        expect(res, `${key}${operationId ? ' with id' : ''}`).toEqual({ status: 200, code: '' });
      }
    }
    const saved = await me.call('POST', '/api/files/get', { fileId: target });
    expect(JSON.stringify(saved.body.file.content)).toContain('"text":"deep"');
  });

  it.each([false, true])('refuses a deep array or object in the body of every route that reads one (X-Operation-Id: %s)', async (operationId) => {
    const routes = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && r.schema.body && r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(30);
    const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const answers: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (name === 'tenant' || name === 'tenantId' ? me.sub : '01HZZZZZZZZZZZZZZZZZZZZZZZ'));
      for (const [label, payload] of [
        ['array 4,000', deepArray(4_000)],
        ['options 100,000', `{"options":${deepArray(100_000)}}`],
      ] as const) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            authorization: `Bearer ${me.token}`,
            'x-tenant-id': me.sub,
            'content-type': 'application/json',
            ...(operationId ? { 'x-operation-id': `op-deep-any-${(sent += 1)}` } : {}),
          },
          payload,
        });
        const code = res.headers['content-type']?.includes('json') ? String(res.json().error?.code) : '';
        answers.push(`${route.method} ${route.url} ${label}: ${res.statusCode} ${code}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith(': 400 document_too_deep'))).toEqual([]);
  });
});

// The depth check runs first; these helpers recurse too and must not overflow for a later caller.
describe('the helpers that serialize a body refuse a deep one themselves', () => {
  const deep = JSON.parse(deepDocJson(100_000)) as { type: 'doc' };

  it('the replay fingerprint', () => {
    expect(() => requestFingerprint({ method: 'POST', url: '/api/files/create', body: { content: deep } })).toThrow(
      expect.objectContaining({ code: 'document_too_deep' }),
    );
  });

  it('the worker hand-off of a document', async () => {
    const heavyWork = createHeavyWork({ threads: 1, inlineBelowBytes: 0 });
    try {
      await expect(heavyWork.prepareContent(deep)).rejects.toMatchObject({ code: 'document_too_deep' });
    } finally {
      await heavyWork.close();
    }
  });
});
