import { beforeEach, describe, expect, it } from 'vitest';
import { hasStoredSession } from './session';
import { fetchPublicConfig, renderedPublicConfig } from './config';
import { publicPathOf } from './pages';

const NOW = Date.UTC(2026, 10, 27);

describe('a stored session, read without the sign-in library', () => {
  beforeEach(() => localStorage.clear());

  it('is absent in a fresh browser and with unrelated keys', () => {
    localStorage.setItem('currentTenant', 'default-tenant');
    expect(hasStoredSession(localStorage, NOW)).toBe(false);
  });

  it('counts an unexpired access token, or an expired one that can still be renewed', () => {
    localStorage.setItem('oidc.user:http://x/oidc:bree-web', JSON.stringify({ expires_at: NOW / 1000 + 60 }));
    expect(hasStoredSession(localStorage, NOW)).toBe(true);
    localStorage.setItem('oidc.user:http://x/oidc:bree-web', JSON.stringify({ expires_at: NOW / 1000 - 60, refresh_token: 'r' }));
    expect(hasStoredSession(localStorage, NOW)).toBe(true);
  });

  it('ignores an expired session that cannot be renewed, and a damaged entry', () => {
    localStorage.setItem('oidc.user:http://x/oidc:bree-web', JSON.stringify({ expires_at: NOW / 1000 - 60 }));
    expect(hasStoredSession(localStorage, NOW)).toBe(false);
    localStorage.setItem('oidc.user:http://x/oidc:bree-web', '{not json');
    expect(hasStoredSession(localStorage, NOW)).toBe(false);
  });
});

describe('the public configuration', () => {
  const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('is read from /api/config', async () => {
    const config = { productName: 'Bree', oidc: {}, billing: { enabled: false }, analytics: null };
    await expect(fetchPublicConfig(answer(200, config))).resolves.toEqual(config);
  });

  it('rejects an error answer or something that is not a configuration', async () => {
    await expect(fetchPublicConfig(answer(503, {}))).rejects.toThrow(/503/);
    await expect(fetchPublicConfig(answer(200, { hello: 'world' }))).rejects.toThrow(/did not hold a configuration/);
  });
});

describe('the configuration a server-rendered page carries', () => {
  const pageWith = (json: string | null) => {
    const doc = document.implementation.createHTMLDocument('page');
    if (json !== null) doc.body.innerHTML = `<div id="root"></div><script type="application/json" id="bree-public-config">${json}</script>`;
    return doc;
  };

  it('is read from the page, and is null when the page has none or it is not a configuration', () => {
    const config = { productName: 'Bree', oidc: { mode: 'embedded' }, billing: { enabled: true }, analytics: null };
    expect(renderedPublicConfig(pageWith(JSON.stringify(config)))).toEqual(config);
    expect(renderedPublicConfig(pageWith(null))).toBeNull();
    expect(renderedPublicConfig(pageWith('{"productName":'))).toBeNull();
    expect(renderedPublicConfig(pageWith('{"hello":"world"}'))).toBeNull();
  });
});

describe('public pages', () => {
  it('are the landing and the legal pages, with or without a trailing slash', () => {
    for (const path of ['/', '/privacy', '/terms/', '/security']) expect(publicPathOf(path), path).not.toBeNull();
    for (const path of ['/app', '/share/x', '/blog', '/privacy/more', '/subscription']) expect(publicPathOf(path), path).toBeNull();
  });
});
