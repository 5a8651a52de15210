import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const HOUR = 60 * 60 * 1000;

/**
 * A share's view count (docs/SHARING.md "Views"): one per reader a day, where a reader is an
 * address with a browser, recognised by a one-way key; link previews and crawlers never count.
 */
describe("a shared page's view count", () => {
  let t: TestApp;
  let me: TestUser;
  let fileId: string;
  let slug: string;
  let clock = new Date('2026-05-04T09:00:00.000Z');

  const view = (remoteAddress: string, userAgent?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/share/${slug}`,
      remoteAddress,
      headers: userAgent === undefined ? { 'user-agent': '' } : { 'user-agent': userAgent },
    });
  const views = async () => (await me.call('GET', `/api/shares/status/${fileId}`)).body.viewCount as number;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    await resetDatabase(t.database);
    me = await newUser(t.app, 'views-author');
    fileId = (await me.call('POST', '/api/files/create', { filePath: 'Tide tables', content: doc('High water at six.') })).body.file.id;
    slug = (await me.call('POST', '/api/shares/create', { fileId })).body.shareSlug;
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a reader once a day, and again the next day', async () => {
    for (let i = 0; i < 3; i += 1) expect((await view('198.51.100.30', CHROME)).statusCode).toBe(200);
    expect(await views()).toBe(1);
    // Another browser at the same address (a family, an office) and another address are other readers.
    await view('198.51.100.30', IPHONE);
    await view('198.51.100.31', CHROME);
    expect(await views()).toBe(3);
    clock = new Date(clock.getTime() + 23 * HOUR);
    await view('198.51.100.30', CHROME);
    expect(await views()).toBe(3);
    clock = new Date(clock.getTime() + 2 * HOUR);
    await view('198.51.100.30', CHROME);
    expect(await views()).toBe(4);
  });

  it('never counts link previews, crawlers or a request without a user agent, which still get the page', async () => {
    const before = await views();
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      undefined,
    ]) {
      const res = await view('198.51.100.40', agent);
      expect(res.statusCode, String(agent)).toBe(200);
      expect(res.body).toContain('High water at six.');
    }
    expect(await views()).toBe(before);
  });

  it('keeps neither the address nor the user agent: the only trace is a one-way key that expires after a day', async () => {
    await view('203.0.113.77', CHROME);
    const rows = await t.database.query<{ key: string; reset_at: Date | string }>(
      `select key, reset_at from rate_limit_counters where key like 'share-view:%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).not.toContain('203.0.113.77');
      expect(row.key).not.toContain('Chrome');
      expect(new Date(row.reset_at).getTime()).toBeLessThanOrEqual(clock.getTime() + 24 * HOUR);
    }
    const everything = JSON.stringify(await t.database.query(`select * from shares`));
    expect(everything).not.toContain('203.0.113.77');
  });
});
