import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX } from '../src/plugins/admin';
import type { CatalogRoute } from '../src/plugins/route-catalog';
import { newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * The router matches the decoded path, so one route has many spellings: `/api/%61dmin/…` is
 * `/api/admin/…`. Guards decide on the matched route; these tests try every route of the
 * catalog under each spelling, so a guard that looks at the raw URL fails here.
 */

const ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

/** The route's path with its parameters filled with a harmless id. */
const fillPath = (url: string) => url.replace(/:[A-Za-z_]+/g, ID);

/** A segment with its first character percent-encoded (`admin` → `%61dmin`), upper and lower case hex. */
function encodeFirst(segment: string, upper: boolean): string {
  const hex = segment.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}${segment.slice(1)}`;
}

/** Every other spelling of a path: each segment encoded, a doubled slash before it, a dot segment before it. */
export function otherSpellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const spell = (index: number, replacement: string) => '/' + segments.map((segment, i) => (i === index ? replacement : segment)).join('/');
  const spellings = new Set<string>();
  segments.forEach((segment, i) => {
    if (!segment) return;
    spellings.add(spell(i, encodeFirst(segment, false)));
    spellings.add(spell(i, encodeFirst(segment, true)));
    spellings.add(
      spell(
        i,
        segment
          .split('')
          .map((c) => `%${c.charCodeAt(0).toString(16)}`)
          .join(''),
      ),
    );
    spellings.add(spell(i, `/${segment}`));
    spellings.add(spell(i, `./${segment}`));
    spellings.add(spell(i, `x/../${segment}`));
    spellings.add(spell(i, `%2e/${segment}`));
  });
  spellings.add(`${path}/`);
  spellings.delete(path);
  return [...spellings];
}

/** The body a route is sent: nothing for reads, an empty object for writes. */
const payloadFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

describe('every guard decides on the matched route, whatever the spelling of the path', () => {
  let t: TestApp;
  let writer: TestUser;

  beforeAll(async () => {
    // A built web app answers unknown paths with its page: no spelling of an API path may reach it.
    const webDist = mkdtempSync(path.join(tmpdir(), 'bree-spa-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bree</title>');
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com', WEB_DIST_DIR: webDist });
    await resetDatabase(t.database);
    writer = await newUser(t.app, 'writer');
  });
  afterAll(() => t.close());

  const apiRoutes = (): CatalogRoute[] => t.app.routeCatalog.filter((r) => r.url.startsWith('/api/'));

  it('spells each segment of a path in every way the router accepts', () => {
    const spellings = otherSpellings('/api/admin/feedback');
    expect(spellings).toEqual(
      expect.arrayContaining([
        '/%61pi/admin/feedback',
        '/api/%61dmin/feedback',
        '/api/%61%64%6d%69%6e/feedback',
        '/api//admin/feedback',
        '/api/x/../admin/feedback',
      ]),
    );
    expect(spellings).not.toContain('/api/admin/feedback');
  });

  it('answers 401 (or 404 where the router does not match) to every protected route under every spelling without a token', async () => {
    const protectedRoutes = apiRoutes().filter((r) => !r.public);
    expect(protectedRoutes.length).toBeGreaterThan(50);
    let matched = 0;
    for (const route of protectedRoutes) {
      for (const url of otherSpellings(fillPath(route.url))) {
        const res = await t.app.inject({ method: route.method as 'GET', url, payload: payloadFor(route.method) });
        const label = `${route.method} ${url}`;
        expect([401, 404], label).toContain(res.statusCode);
        if (res.statusCode === 401) matched += 1;
      }
    }
    // The encoded spellings do reach the routes: the test proves the guard, not only the router.
    expect(matched).toBeGreaterThan(protectedRoutes.length);
  });

  it('answers 403 (or 404) to a writer who is not an administrator on every admin route under every spelling', async () => {
    const adminRoutes = apiRoutes().filter((r) => r.url.startsWith(ADMIN_API_PREFIX));
    expect(adminRoutes.length).toBeGreaterThan(5);
    let matched = 0;
    for (const route of adminRoutes) {
      for (const url of otherSpellings(fillPath(route.url))) {
        const res = await writer.call(route.method as 'GET', url, payloadFor(route.method));
        const label = `${route.method} ${url}`;
        expect([403, 404], label).toContain(res.status);
        if (res.status === 403) {
          matched += 1;
          expect(res.body.error.code, label).toBe('forbidden');
        }
      }
    }
    expect(matched).toBeGreaterThan(adminRoutes.length);
  });

  it('answers an unknown path under any spelling of /api as the API does, never with the web app', async () => {
    for (const url of ['//api/config/ai-x', '/%61pi/nothing', '/web/../api/nothing', '//api/admin/feedback/x/y']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'GET', url: '/app/some-document' })).body).toContain('<title>Bree</title>');
  });

  it('refuses the reported bypasses: an encoded /api or /admin with and without a token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/%61pi/admin/feedback' });
    expect(anonymous.statusCode).toBe(401);
    const encodedAdmin = await writer.call('GET', '/api/%61dmin/users/list?segment=newSignups');
    expect(encodedAdmin.status).toBe(403);
    const otherLetter = await writer.call('GET', '/api/adm%69n/users/list?segment=newSignups');
    expect(otherLetter.status).toBe(403);
  });
});
