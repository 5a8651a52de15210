import { isAllowedHref } from '@bree/editor';

export type LinkInput = { ok: true; href: string } | { ok: false; error: string };

const ALLOWED = /^(https?:\/\/|mailto:)/i;
/** Some other scheme (javascript:, ftp:, file:…); 'localhost:3000' is a host and port, not a scheme. */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/**
 * What a writer typed into the link field, as an href Bree keeps: http, https and mailto only;
 * a bare address ('example.com', 'www.example.com/page') becomes https://…, a bare e-mail
 * address becomes mailto:…, as in Google Docs.
 */
export function normalizeLinkInput(input: string): LinkInput {
  const value = input.trim();
  if (!value) return { ok: false, error: 'Enter a link address.' };
  let href: string;
  if (ALLOWED.test(value)) href = value;
  else if (OTHER_SCHEME.test(value)) return { ok: false, error: 'Links must start with http://, https:// or mailto:' };
  else if (EMAIL.test(value)) href = `mailto:${value}`;
  else href = `https://${value.replace(/^\/\//, '')}`;
  if (!isAllowedHref(href)) return { ok: false, error: 'That does not look like a link address.' };
  const url = new URL(href);
  if (url.protocol !== 'mailto:' && !isPlausibleHost(url.hostname)) return { ok: false, error: 'That does not look like a link address.' };
  if (url.protocol === 'mailto:' && url.pathname === '') return { ok: false, error: 'Add an e-mail address after mailto:' };
  return { ok: true, href };
}

/** A host with a dot (example.com), localhost or an IPv6 address: 'https://hello' is most likely a typo. */
function isPlausibleHost(host: string): boolean {
  return host === 'localhost' || host.includes('.') || host.startsWith('[');
}
