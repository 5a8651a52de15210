import { ERROR_CODES } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRoute } from '../src/plugins/route-catalog';
import { doc, newVerifiedUser, type TestUser } from './api-client';
import { alertText, startAuthorization, submitForm } from './auth-helpers';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * Hostile input generated from the route catalog and the routes' own zod schemas: every string
 * field, number field and cursor of every API route gets values a careless server answers with a
 * 500. Bree must answer each with a 4xx (or a planned 503) carrying one of its stable codes.
 */

const BROKEN_TEXT = { nul: 'a\u0000b', loneHigh: 'x\ud800', loneLow: '\udc00y', reversedPair: '\udc00\ud800' } as const;
const ODD_TEXT = { rtlOverride: 'name\u202Etxt.exe', long: 'w'.repeat(10_000) } as const;
const ODD_NUMBERS = { negative: -1, int32Overflow: 2 ** 31, nanString: 'NaN' } as const;
const STABLE_CODES = new Set<string>(Object.values(ERROR_CODES));

type Leaf = { path: string[]; kind: 'string' | 'number' };

interface ZodLike {
  _zod?: { def?: { type?: string; innerType?: ZodLike; in?: ZodLike; options?: ZodLike[]; element?: ZodLike; shape?: Record<string, ZodLike> } };
  shape?: Record<string, ZodLike>;
}

/** The string and number fields a zod schema accepts (through optional, default, nullable, pipes, unions, arrays). */
function leavesOf(schema: ZodLike | undefined, path: string[] = [], depth = 0): Leaf[] {
  const def = schema?._zod?.def;
  if (!def || depth > 4) return [];
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return [{ path, kind: 'string' }];
    case 'number':
    case 'int':
      return [{ path, kind: 'number' }];
    case 'unknown':
    case 'any':
      return [{ path, kind: 'string' }];
    case 'object':
      return Object.entries(schema.shape ?? def.shape ?? {}).flatMap(([key, child]) => leavesOf(child, [...path, key], depth + 1));
    case 'array':
      return leavesOf(def.element, [...path, '0'], depth + 1);
    case 'union':
      return dedupe((def.options ?? []).flatMap((option) => leavesOf(option, path, depth + 1)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return leavesOf(def.innerType, path, depth + 1);
    case 'pipe':
      return leavesOf(def.in, path, depth + 1);
    default:
      return [];
  }
}

function dedupe(leaves: Leaf[]): Leaf[] {
  const seen = new Map<string, Leaf>();
  for (const leaf of leaves) seen.set(`${leaf.path.join('.')}:${leaf.kind}`, leaf);
  return [...seen.values()];
}

/** `{ a: { b: value } }` for the path ['a', 'b'] (arrays for numeric segments). */
function withValue(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (/^\d+$/.test(head!)) return [withValue(rest, value)];
  return { [head!]: withValue(rest, value) };
}

function fillPath(url: string, tenant: string, hostileParam?: { name: string; value: string }): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    if (hostileParam?.name === name) return encodeURIComponent(hostileParam.value);
    return name === 'tenant' || name === 'tenantId' ? encodeURIComponent(tenant) : '01HZZZZZZZZZZZZZZZZZZZZZZZ';
  });
}

describe('hostile input never gets a 500', () => {
  let t: TestApp;
  let me: TestUser;
  let routes: CatalogRoute[];
  const answers: { status: number; code: string; label: string }[] = [];

  let stripe: FakeStripe;

  beforeAll(async () => {
    // Billing on (a local fake Stripe API): its routes validate and answer instead of a planned 503.
    stripe = await startFakeStripe();
    // An administrator, so the admin routes validate their input instead of answering 403.
    t = await createTestApp({ ...fakeStripeEnv(stripe), ADMIN_EMAILS: 'hostile@example.com' });
    await resetDatabase(t.database);
    me = await newVerifiedUser(t, 'hostile@example.com');
    await me.call('POST', '/api/files/create', { filePath: 'Target', content: doc('a document to aim at') });
    routes = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/'));
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function send(label: string, route: CatalogRoute, parts: { url?: string; body?: unknown; query?: string; headers?: Record<string, string> }) {
    const query = parts.query ? `?${parts.query}` : '';
    const res = await t.app.inject({
      method: route.method as 'POST',
      url: `${parts.url ?? fillPath(route.url, me.sub)}${query}`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, ...parts.headers },
      ...(parts.body === undefined ? {} : { payload: parts.body as Record<string, unknown> }),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    const code = res.statusCode >= 400 && isJson ? String(res.json().error?.code) : '';
    answers.push({ status: res.statusCode, code, label });
    return { status: res.statusCode, code, body: isJson ? res.json() : res.body };
  }

  it('knows the fields it attacks', () => {
    const bodyFields = routes.flatMap((r) => leavesOf(r.schema.body as ZodLike).map((l) => `${r.method} ${r.url} ${l.path.join('.')}`));
    expect(bodyFields).toEqual(expect.arrayContaining(['POST /api/files/content-only-update content', 'POST /api/files/content-only-update baseRevision']));
    expect(bodyFields.length).toBeGreaterThan(40);
  });

  it('answers 400 invalid_text naming the field for NUL and broken surrogates in every string field of every body', async () => {
    for (const route of routes.filter((r) => r.schema.body)) {
      for (const leaf of leavesOf(route.schema.body as ZodLike).filter((l) => l.kind === 'string')) {
        for (const [name, value] of Object.entries(BROKEN_TEXT)) {
          const label = `${route.method} ${route.url} body.${leaf.path.join('.')} ${name}`;
          const res = await send(label, route, { body: withValue(leaf.path, value) });
          expect(res.status, label).toBe(400);
          expect(res.code, label).toBe('invalid_text');
          expect(res.body.error.details.field, label).toBe(leaf.path.join('.'));
        }
      }
    }
  });

  it('finds broken text deep inside a document tree, in link hrefs and block ids', async () => {
    const route = routes.find((r) => r.url === '/api/files/content-only-update')!;
    const tree = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { id: 'ok' }, content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'https://e.x/\ud800' } }] }] },
      ],
    };
    const res = await send('href', route, { body: { fileId: '01HZZZZZZZZZZZZZZZZZZZZZZZ', content: tree, baseRevision: 1, operationId: 'op-hostile-1' } });
    expect(res.body.error).toMatchObject({ code: 'invalid_text', details: { field: 'content.content.0.content.0.marks.0.attrs.href' } });
    const badId = { type: 'doc', content: [{ type: 'paragraph', attrs: { id: 'a\u0000' } }] };
    const res2 = await send('block id', route, {
      body: { fileId: '01HZZZZZZZZZZZZZZZZZZZZZZZ', content: badId, baseRevision: 1, operationId: 'op-hostile-2' },
    });
    expect(res2.body.error.details.field).toBe('content.content.0.attrs.id');
  });

  it('answers 400 invalid_text for broken text in every query field, path parameter and the operation id header', async () => {
    for (const route of routes) {
      for (const leaf of leavesOf(route.schema.querystring as ZodLike)) {
        const res = await send(`${route.url} query ${leaf.path[0]}`, route, { query: `${leaf.path[0]}=${encodeURIComponent(BROKEN_TEXT.nul)}` });
        expect(res.code, `${route.method} ${route.url} ?${leaf.path[0]}`).toBe('invalid_text');
      }
      for (const name of [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!)) {
        const res = await send(`${route.url} :${name}`, route, { url: fillPath(route.url, me.sub, { name, value: BROKEN_TEXT.nul }) });
        expect(res.code, `${route.method} ${route.url} :${name}`).toBe('invalid_text');
      }
    }
    const create = routes.find((r) => r.url === '/api/files/create')!;
    const res = await send('operation id', create, { body: { filePath: 'Op', content: 'x' }, headers: { 'x-operation-id': 'op\u0000id' } });
    expect(res.body.error).toMatchObject({ code: 'invalid_text', details: { field: 'x-operation-id' } });
  });

  it('answers odd but storable text and out-of-range numbers with a stable code, never a 500', async () => {
    for (const route of routes.filter((r) => r.schema.body)) {
      for (const leaf of leavesOf(route.schema.body as ZodLike)) {
        const values = leaf.kind === 'number' ? ODD_NUMBERS : ODD_TEXT;
        for (const [name, value] of Object.entries(values)) {
          const label = `${route.method} ${route.url} body.${leaf.path.join('.')} ${name}`;
          const res = await send(label, route, { body: withValue(leaf.path, value) });
          expect(res.status, label).not.toBe(500);
        }
      }
      for (const leaf of leavesOf(route.schema.querystring as ZodLike)) {
        for (const value of [...Object.values(ODD_TEXT), ...Object.values(ODD_NUMBERS).map(String)]) {
          const res = await send(`${route.url} ?${leaf.path[0]}`, route, { query: `${leaf.path[0]}=${encodeURIComponent(value)}` });
          expect(res.status, `${route.method} ${route.url} ?${leaf.path[0]}=${value.slice(0, 20)}`).not.toBe(500);
        }
      }
    }
  });

  it('refuses a revision beyond the integer column on a real save with 400 naming baseRevision', async () => {
    const route = routes.find((r) => r.url === '/api/files/content-only-update')!;
    const fileId = (await me.call('POST', '/api/files/get', { filePath: 'Target.txt' })).body.file.id;
    for (const baseRevision of [2 ** 31, 2 ** 53, -1, 1.5]) {
      const res = await send(`baseRevision ${baseRevision}`, route, {
        body: { fileId, content: doc('x'), baseRevision, operationId: `op-rev-${baseRevision}` },
      });
      expect(res.status, String(baseRevision)).toBe(400);
      expect(res.body.error.details.fields).toContain('baseRevision');
    }
  });

  it('answers 400 invalid_cursor for a garbage or forged list cursor', async () => {
    const route = routes.find((r) => r.method === 'GET' && r.url === '/api/files/list-paged')!;
    const forge = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const cursors = [
      'garbage!!',
      forge('a string'),
      forge({ t: 'yes', u: '2026-01-01T00:00:00Z', i: 'x' }),
      forge({ t: false, u: '-271821-04-20T00:00:00.000Z', i: '01HZZZZZZZZZZZZZZZZZZZZZZZ' }),
      forge({ t: false, u: '+275760-09-13T00:00:00.000Z', i: '01HZZZZZZZZZZZZZZZZZZZZZZZ' }),
      forge({ t: false, u: '2026-01-01T00:00:00Z', i: '01HZZZZZZZZZZZZZZZZZZZZZZZ', r: 2 ** 40 }),
      forge({ t: false, u: '2026-01-01T00:00:00Z', i: '01HZZZZZZZZZZZZZZZZZZZZZZZ', n: { $ne: 1 } }),
      forge({ t: false, u: '2026-01-01T00:00:00Z', i: '01HZZZZZZZZZZZZZZZZZZZZZZZ', n: 'a\u0000' }),
    ];
    for (const cursor of cursors) {
      const res = await send(`cursor ${cursor}`, route, { query: `tenantId=${encodeURIComponent(me.sub)}&cursor=${encodeURIComponent(cursor)}` });
      expect(res.status, cursor).toBe(400);
      expect(res.code, cursor).toBe('invalid_cursor');
    }
  });

  // A form body is UTF-8: a lone surrogate cannot travel in it (the browser sends U+FFFD), NUL can.
  it('answers the sign-in and sign-up forms with invalid_text for a NUL in any field', async () => {
    for (const form of ['login', 'signup'] as const) {
      for (const field of form === 'login' ? ['email', 'password'] : ['email', 'password', 'name']) {
        const flow = await startAuthorization(t.app, form === 'signup' ? { screen: 'signup' } : {});
        const fields: Record<string, string> = { email: 'someone@example.com', password: 'a long password', name: 'Someone', [field]: BROKEN_TEXT.nul };
        const res = await submitForm(flow, form, fields);
        // The form comes back with the reason, naming the field, like any other form problem.
        expect(res.statusCode, `${form} ${field}`).toBe(400);
        expect(alertText(res.body), `${form} ${field}`).toContain(`The field '${field}' holds characters that cannot be stored`);
        expect(res.body, `${form} ${field}`).toContain(`action="/interaction/${encodeURIComponent(flow.uid)}/${form}"`);
      }
    }
  });

  it('answered every request with a stable code', () => {
    expect(answers.length).toBeGreaterThan(300);
    const unplanned = answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(unplanned.map((a) => `${a.status} ${a.label}`)).toEqual([]);
    const unknownCodes = answers.filter((a) => a.status >= 400 && !STABLE_CODES.has(a.code));
    expect(unknownCodes.map((a) => `${a.status} ${a.code} ${a.label}`)).toEqual([]);
  });
});
