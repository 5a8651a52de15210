import { describe, expect, it } from 'vitest';
import { isLinkPreviewBot, LINK_PREVIEW_BOTS, shareReaderKey } from './shares.readers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CUBOT = 'Mozilla/5.0 (Linux; Android 9; CUBOT_X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

describe('isLinkPreviewBot', () => {
  it('knows the common link previews and crawlers by their user agents', () => {
    for (const agent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Twitterbot/1.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'WhatsApp/2.23.20.0',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; SomeNewPreviewBot/0.1)',
      'a polite crawler',
      '',
      undefined,
    ])
      expect(isLinkPreviewBot(agent), String(agent)).toBe(true);
    expect(LINK_PREVIEW_BOTS).toEqual(
      expect.arrayContaining(['Slackbot', 'Twitterbot', 'facebookexternalhit', 'LinkedInBot', 'Discordbot', 'WhatsApp', 'TelegramBot', 'Googlebot']),
    );
  });

  it("counts people's browsers, a phone named like a bot included", () => {
    for (const agent of [CHROME, IPHONE, CUBOT]) expect(isLinkPreviewBot(agent), agent).toBe(false);
  });
});

describe('shareReaderKey', () => {
  it('is one key per share, address and browser, and holds neither the address nor the user agent', () => {
    const key = shareReaderKey({ slug: 's1', ip: '198.51.100.7', userAgent: CHROME });
    expect(key).toBe(shareReaderKey({ slug: 's1', ip: '198.51.100.7', userAgent: CHROME }));
    expect(key).not.toBe(shareReaderKey({ slug: 's2', ip: '198.51.100.7', userAgent: CHROME }));
    expect(key).not.toBe(shareReaderKey({ slug: 's1', ip: '198.51.100.8', userAgent: CHROME }));
    expect(key).not.toBe(shareReaderKey({ slug: 's1', ip: '198.51.100.7', userAgent: IPHONE }));
    expect(key).not.toContain('198.51.100.7');
    expect(key).not.toContain('Chrome');
  });
});
