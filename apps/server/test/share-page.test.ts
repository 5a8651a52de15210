import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';
import { HOSTILE_HREFS, HOSTILE_TEXT } from './hostile-payloads';

/** What a crawler or a reader without JavaScript gets from /share/{slug}: one plain GET, the whole document. */
describe('the shared page as rendered by the server', () => {
  let t: TestApp;
  let me: TestUser;
  let docs = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    me = await newUser(t.app, 'crawled');
  });
  afterAll(() => t.close());

  /** Shares a new document holding `content` and returns its slug. */
  async function shared(content: unknown, name = 'Shared piece'): Promise<string> {
    docs += 1;
    const created = await me.call('POST', '/api/files/create', { filePath: `${name} ${docs}`, content });
    expect(created.status).toBe(200);
    return (await me.call('POST', '/api/shares/create', { fileId: created.body.file.id })).body.shareSlug;
  }
  const crawl = (slug: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/share/${slug}`, headers, remoteAddress: '192.0.2.50' });
  const metaContent = (html: string, key: string) => {
    const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
    return match
      ? match[1]!
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&')
      : null;
  };

  it('answers complete HTML with title, canonical URL, Open Graph and Twitter tags, the button and the footer', async () => {
    const slug = await shared(doc('A walk along the river at dawn, counting herons.', 'More.'), 'River & Dawn');
    const res = await crawl(slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>River &amp; Dawn ${docs} | Bree</title>`);
    expect(html).toContain(`<h1 class="doc-title">River &amp; Dawn ${docs}</h1>`);
    expect(html).toContain('<p>A walk along the river at dawn, counting herons.</p>');
    const url = `http://localhost:3999/share/${slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaContent(html, 'og:title')).toBe(`River & Dawn ${docs}`);
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:site_name')).toBe('Bree');
    expect(metaContent(html, 'og:description')).toBe('A walk along the river at dawn, counting herons.');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe(`River & Dawn ${docs}`);
    expect(metaContent(html, 'twitter:description')).toBe('A walk along the river at dawn, counting herons.');
    expect(html).toMatch(/<a class="cta" href="\/">Create Your Own<\/a>/);
    expect(html).toMatch(/<footer class="site-foot"><p class="page-foot">Last updated <time datetime="\d{4}-[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time><\/p>/);
  });

  it('runs no script, reads and sets no cookie, and tells robots the page may be indexed', async () => {
    const slug = await shared(doc('Readable without JavaScript, by anyone.'));
    const plain = await crawl(slug);
    const withCookie = await crawl(slug, { cookie: '_session=abc; _interaction=def', authorization: 'Bearer not-a-token' });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.body).toBe(plain.body);
    for (const res of [plain, withCookie]) {
      expect(res.headers['set-cookie']).toBeUndefined();
      // Only the JSON-LD data block, which no browser runs.
      expect(res.body).not.toMatch(/<script(?! type="application\/ld\+json">)/i);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-robots-tag']).toBe('all');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  describe('meta description: first non-empty paragraph, only if longer than 10 characters, cut at 157 plus an ellipsis', () => {
    // An empty string is an empty paragraph (the schema has no empty text nodes).
    const paragraph = (text: string) => (text === '' ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text }] });
    const description = async (...paragraphs: string[]) =>
      metaContent((await crawl(await shared({ type: 'doc', content: paragraphs.map(paragraph) }, 'Described'))).body, 'description');

    it('skips empty and blank first paragraphs', async () => {
      expect(await description('', '   ', 'The first words anyone would read here.')).toBe('The first words anyone would read here.');
    });
    it('uses no paragraph of 10 characters or fewer, not even a later longer one', async () => {
      const fallback = await description('Ten chars!', 'A much longer second paragraph that is not used.');
      expect(fallback).not.toContain('Ten chars!');
      expect(fallback).not.toContain('second paragraph');
      expect(fallback).toMatch(/^"Described \d+", a document shared with Bree\.$/);
      expect(await description('Eleven char')).toBe('Eleven char');
    });
    it('keeps exactly 157 characters whole and cuts 158 to 157 plus an ellipsis', async () => {
      const exactly = 'a'.repeat(150) + ' words.';
      expect(exactly).toHaveLength(157);
      expect(await description(exactly)).toBe(exactly);
      const longer = `${exactly}b`;
      expect(await description(longer)).toBe(`${exactly}...`);
    });
    it('uses the same text for og:description and twitter:description', async () => {
      const html = (await crawl(await shared(doc('x'.repeat(300))))).body;
      expect(metaContent(html, 'description')).toBe(`${'x'.repeat(157)}...`);
      expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
      expect(metaContent(html, 'twitter:description')).toBe(metaContent(html, 'description'));
    });
  });

  it('answers 404 with the not-available page and noindex for an unknown slug, and the invalid-link page without one', async () => {
    const res = await crawl('AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const heading = /<h1>(.*?)<\/h1>/s.exec(res.body)?.[1]?.replace(/<[^>]+>/g, '');
    expect(heading).toBe('Document Not Available: This document may not exist, or sharing may have been disabled by the author.');
    for (const url of ['/share', '/share/']) {
      const none = await t.app.inject({ method: 'GET', url });
      expect(none.statusCode, url).toBe(400);
      expect(none.body, url).toContain('<h1>Invalid share link</h1>');
    }
  });

  it('shows the authenticity tag the author chose, and none for an untagged document', async () => {
    const slug = await shared(doc('Tagged as written with some help.'), 'Tagged');
    expect((await crawl(slug)).body).not.toContain('class="badge"');
    await me.call('PATCH', `/api/files/metadata/${encodeURIComponent(me.sub)}/${encodeURIComponent(`Tagged ${docs}.txt`)}`, {
      metadata: { authenticity: 'AI-Assisted' },
    });
    expect((await crawl(slug)).body).toContain('<span class="badge" title="Authenticity">AI-Assisted</span>');
  });

  describe('renders every hostile payload as text', () => {
    const hostileDoc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '<script>alert("heading")</script>' }] },
        ...HOSTILE_TEXT.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
        ...HOSTILE_HREFS.map((href) => ({ type: 'paragraph', content: [{ type: 'text', text: 'bad link', marks: [{ type: 'link', attrs: { href } }] }] })),
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'good link',
              marks: [{ type: 'link', attrs: { href: 'https://example.com/?a=1&b="2"', class: 'x', style: 'opacity:0', target: '_top', rel: 'opener' } }],
            },
            { type: 'text', text: ' mail', marks: [{ type: 'link', attrs: { href: 'mailto:me@example.com' } }] },
          ],
        },
      ],
    };

    function expectInert(html: string) {
      const body = html.slice(html.indexOf('<body>'));
      expect(body).not.toMatch(/<(script|img|svg|iframe|style|math|form|input|button|object|embed|meta|base|link)\b/i);
      expect(body).not.toMatch(/<[^>]*\s(on\w+|style|srcdoc|formaction)=/i);
      expect(body).not.toMatch(/<a\b[^>]*href="\s*(javascript|vbscript|data|file):/i);
      // The document's own links (the site's header and footer around it link to the site's pages, the byline to 'Make a copy').
      const article = body.slice(body.indexOf('<div class="bree-prose">'), body.indexOf('</article>'));
      const anchors = [...article.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
      expect(anchors).toEqual([
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/?a=1&amp;b=&quot;2&quot;">',
        '<a target="_blank" rel="noopener noreferrer nofollow" href="mailto:me@example.com">',
      ]);
      for (const text of HOSTILE_TEXT) {
        const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        expect(body).toContain(escaped);
      }
    }

    it('as saved through the API', async () => {
      expectInert((await crawl(await shared(hostileDoc, 'Hostile'))).body);
    });

    it('as stored before the schema whitelist (written straight into the database)', async () => {
      const slug = await shared(doc('replaced below'), 'Hostile raw');
      await t.database.query('update files set content = $1::jsonb where name = $2 and tenant_id = $3', [
        JSON.stringify(hostileDoc),
        `Hostile raw ${docs}.txt`,
        me.sub,
      ]);
      const html = (await crawl(slug)).body;
      expect(html).toContain('<h2>&lt;script&gt;alert("heading")&lt;/script&gt;</h2>');
      expectInert(html);
    });
  });
});
