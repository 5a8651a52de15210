import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newVerifiedUser, onApp, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const ORIGIN = 'http://localhost:3999';

/** The built index.html as Vite writes it: a generic title and description, the app's script. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bree-site-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Bree — a self-hostable AI writing studio that learns your voice." />
    <title>Bree</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), 'console.log(1)');
  // The build's renderer of the public pages (apps/web/src/public/render.tsx); this one fails on /terms.
  mkdirSync(path.join(dir, 'ssr'));
  writeFileSync(
    path.join(dir, 'ssr/render.js'),
    `export function renderPublicPage(pathname, config) {
  if (pathname === '/terms') throw new Error('a rendering bug');
  return '<main><h1>' + pathname + ' of ' + config.productName + ', billing ' + config.billing.enabled + '</h1></main>';
}
`,
  );
  // A stale build's copy: the server's own robots.txt answers instead.
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return dir;
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? null;
const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the public site as crawlers and link previews read it (docs/PUBLIC-SITE.md)', () => {
  let t: TestApp;
  let dist: string;
  let publisher: TestUser;
  let fileId: string;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    const setup = await createTestApp();
    const account = await newVerifiedUser(setup, 'site-publisher@example.com');
    await setup.close();
    dist = fakeBuild();
    t = await createTestApp({ WEB_DIST_DIR: dist, ADMIN_EMAILS: 'site-publisher@example.com', PUBLISHING_TENANT: account.sub });
    publisher = onApp(t.app, account);
    const created = await publisher.call('POST', '/api/files/create', {
      filePath: 'Field notes',
      content: doc('Field notes', 'Herons stand still for minutes, then strike faster than the eye can follow.', 'Third paragraph.'),
    });
    fileId = created.body.file.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: '192.0.2.77' });
  const publish = (excerpt = '') =>
    publisher.call('POST', `/api/admin/publishing/documents/${fileId}/publish`, { title: 'Field notes', slug: 'field-notes', excerpt, category: 'blog' });

  it('sends the landing and legal pages with their own title, description, canonical URL and Open Graph tags in the HTML', async () => {
    const pages = { '/': 'Bree', '/privacy': 'Privacy Policy · Bree', '/terms': 'Terms of Service · Bree', '/security': 'Security · Bree' };
    for (const [url, title] of Object.entries(pages)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body.match(/<meta name="description"/g), url).toHaveLength(1);
      expect(metaOf(res.body, 'description')!.length, url).toBeGreaterThan(50);
      expect(canonicalOf(res.body), url).toBe(url === '/' ? `${ORIGIN}/` : `${ORIGIN}${url}`);
      expect(metaOf(res.body, 'og:url'), url).toBe(canonicalOf(res.body));
      expect(metaOf(res.body, 'og:title'), url).toBeTruthy();
      expect(metaOf(res.body, 'twitter:card'), url).toBeTruthy();
      expect(res.body).toContain('/assets/index-Ab12Cd34.js');
    }
    expect(metaOf((await get('/')).body, 'og:image')).toBe(`${ORIGIN}/preview.png`);
    // A trailing slash is the same page; the app's own routes get the plain index.html.
    expect(canonicalOf((await get('/privacy/')).body)).toBe(`${ORIGIN}/privacy`);
    const app = await get('/app/some-document');
    expect(app.statusCode).toBe(200);
    expect(canonicalOf(app.body)).toBeNull();
    // An invitation's link and a document shared with the reader are the app's pages too (docs/SHARING.md "People").
    for (const url of ['/app/invite/Tok3n_-x', '/app/shared/some-document']) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('sends the public pages whole: the renderer’s HTML in the root and the configuration it used beside it, never the renderer itself', async () => {
    const landing = (await get('/')).body;
    expect(landing).toContain('<div id="root"><main><h1>/ of Bree, billing false</h1></main></div>');
    const config = /<script type="application\/json" id="bree-public-config">([^<]*)<\/script>/.exec(landing)?.[1];
    expect(JSON.parse(config!)).toEqual((await get('/api/config')).json());
    expect((await get('/privacy/')).body).toContain('<h1>/privacy of Bree, billing false</h1>');
    // A page the renderer fails on goes out as the shell, which the browser renders.
    const terms = await get('/terms');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('<div id="root"></div>');
    expect(terms.body).toContain('<title>Terms of Service · Bree</title>');
    expect(terms.body).not.toContain('bree-public-config');
    for (const url of ['/ssr/render.js', '/ssr/']) expect((await get(url)).statusCode, url).toBe(404);
    // The app's own routes stay the plain shell.
    expect((await get('/app')).body).not.toContain('bree-public-config');
  });

  it('answers an unknown address 404 with the site page (navigation, sign-in, legal links); the API keeps its JSON', async () => {
    for (const url of ['/nowhere', '/blog/2024/old-post', '/app/a/b', '/pricing?x=1', '/admin-old']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toContain('<title>Page not found | Bree</title>');
      expect(res.body).toContain('<a href="/blog">Blog</a>');
      expect(res.body).toContain('<a class="signin" href="/app">Sign in</a>');
      expect(res.body).toContain('<a href="/privacy">Privacy</a>');
      expect(res.body).toContain('<a href="/terms">Terms</a>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    const api = await get('/api/nowhere');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect((await t.app.inject({ method: 'POST', url: '/nowhere' })).statusCode).toBe(404);
    // The icon browsers ask for on pages that name none.
    const icon = await get('/favicon.ico');
    expect([icon.statusCode, icon.headers.location]).toEqual([301, '/icon.svg']);
    // Built files are still files.
    expect((await get('/assets/index-Ab12Cd34.js')).statusCode).toBe(200);
  });

  it('shares: metadata with a preview image and JSON-LD Article; the image is a 1200×630 PNG, gone with the share', async () => {
    const slug = (await publisher.call('POST', '/api/shares/create', { fileId })).body.shareSlug as string;
    const html = (await get(`/share/${slug}`)).body;
    const url = `${ORIGIN}/share/${slug}`;
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaOf(html, 'og:image')!;
    expect(image).toMatch(new RegExp(`^${url}/preview\\.png\\?v=[\\w-]+$`));
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Article', headline: 'Field notes', url, image: [image] });
    expect(html).toContain('<a href="/terms">Terms</a>');

    const png = await get(image.slice(ORIGIN.length));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngSize(png.rawPayload)).toEqual({ width: 1200, height: 630 });

    expect((await get('/sitemap.xml')).body).toContain(`<loc>${url}</loc>`);
    await publisher.call('POST', '/api/shares/disable', { fileId });
    expect((await get(`/share/${slug}`)).statusCode).toBe(404);
    expect((await get(`/share/${slug}/preview.png`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(slug);
  });

  it('posts: the site frame, the title line not repeated, an excerpt beyond the title, reading time, metadata and a preview', async () => {
    expect((await publish()).status).toBe(200);
    const html = (await get('/blog/field-notes')).body;
    expect(html.match(/Field notes/g)!.length).toBeGreaterThan(1);
    expect(html).not.toContain('<p>Field notes</p>');
    expect(html).toContain('1 min read');
    expect(html).toContain('<a class="signin" href="/app">Sign in</a>');
    expect(metaOf(html, 'description')).toBe('Herons stand still for minutes, then strike faster than the eye can follow.');
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({ '@type': 'Article', headline: 'Field notes', url: `${ORIGIN}/blog/field-notes` });
    const png = await get(metaOf(html, 'og:image')!.slice(ORIGIN.length));
    expect(pngSize(png.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(pngSize((await get('/preview.png')).rawPayload)).toEqual({ width: 1200, height: 630 });

    const list = (await get('/blog')).body;
    expect(list).toContain('Herons stand still for minutes');
    expect(list).toContain('<a href="/privacy">Privacy</a>');
    expect(canonicalOf(list)).toBe(`${ORIGIN}/blog`);
    expect((await get('/blog/rss.xml')).body).not.toContain('<p>Field notes</p>');
  });

  it('sitemap.xml follows publishing, robots.txt points to it', async () => {
    await publish('Notes from the river.');
    let sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    for (const loc of [
      `${ORIGIN}/`,
      `${ORIGIN}/privacy`,
      `${ORIGIN}/terms`,
      `${ORIGIN}/security`,
      `${ORIGIN}/blog`,
      `${ORIGIN}/updates`,
      `${ORIGIN}/blog/field-notes`,
    ]) {
      expect(sitemap.body).toContain(`<loc>${loc}</loc>`);
    }
    await publisher.call('POST', `/api/admin/publishing/documents/${fileId}/unpublish`, {});
    expect((await get('/blog/field-notes')).statusCode).toBe(404);
    sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain('field-notes');

    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /app');
    expect(robots.body).not.toContain('Disallow: /\n');
  });

  it('compresses server-rendered pages, feeds, the sitemap and the public pages with brotli or gzip as asked', async () => {
    await publish('Notes from the river.');
    for (const url of ['/blog', '/blog/field-notes', '/blog/rss.xml', '/sitemap.xml', '/privacy', '/nowhere']) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
    }
    // JSON is left alone.
    expect((await get('/api/health', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });
});
