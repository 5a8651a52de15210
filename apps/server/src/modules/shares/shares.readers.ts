import { createHash } from 'node:crypto';

/**
 * Who counts as a reader of a shared page (docs/SHARING.md "Views"): a person's browser, once a
 * day. Link previews (a chat app or social network fetching the page to show a card), search
 * engines and other crawlers are not readers. This is the one list of them: names as they appear
 * in their user agents, matched case-insensitively anywhere in it. In-app browsers where a person
 * reads (LINE, Snapchat, Teams) are left out on purpose: their user agents name the app too.
 */
export const LINK_PREVIEW_BOTS: readonly string[] = [
  // Chat apps and social networks unfurling a pasted link.
  'Slackbot',
  'Slack-ImgProxy',
  'Twitterbot',
  'facebookexternalhit',
  'facebookcatalog',
  'Facebot',
  'LinkedInBot',
  'Discordbot',
  'WhatsApp',
  'TelegramBot',
  'SkypeUriPreview',
  'MicrosoftPreview',
  'redditbot',
  'Pinterestbot',
  'Mastodon',
  'Bluesky',
  'Iframely',
  'Embedly',
  'vkShare',
  'KakaoTalk-Scrap',
  // Search engines and other crawlers.
  'Googlebot',
  'Google-InspectionTool',
  'GoogleOther',
  'bingbot',
  'Applebot',
  'DuckDuckBot',
  'YandexBot',
  'Baiduspider',
  'Amazonbot',
  'GPTBot',
  'ClaudeBot',
  'PerplexityBot',
  'ia_archiver',
];

const NAMED = LINK_PREVIEW_BOTS.map((name) => name.toLowerCase());
/** Whatever else calls itself a bot, crawler or spider ('SomeBot/1.0', 'a crawler'), but not a phone named 'CUBOT_X19'. */
const SELF_DECLARED = /(?:^|[^a-z])bot(?:[^a-z_]|$)|[a-z]bot\/|crawler|spider/i;

/** True when the user agent is a link preview, a crawler or missing (a person's browser always sends one). */
export function isLinkPreviewBot(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').trim();
  if (!agent) return true;
  const lower = agent.toLowerCase();
  return NAMED.some((name) => lower.includes(name)) || SELF_DECLARED.test(agent);
}

/** A reader is counted again only after this long: the same person rereading in a day is one view. */
export const SHARE_VIEW_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The key a reader of one share is recognised by, without keeping who they are: a SHA-256 of the
 * slug, the address and the user agent. Neither the address nor the user agent is stored; the key
 * lives in the rate-limit counters for one day and is then swept away (docs/SHARING.md "Views").
 */
export function shareReaderKey({ slug, ip, userAgent }: { slug: string; ip: string; userAgent: string }): string {
  const digest = createHash('sha256').update(`${slug}\n${ip}\n${userAgent}`).digest('base64url');
  return `share-view:${digest}`;
}
