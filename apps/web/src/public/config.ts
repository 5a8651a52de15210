import type { PublicConfig } from '@bree/contracts';

/** The element the server writes the configuration of a page it rendered into (site.prerender.ts). */
export const RENDERED_CONFIG_ID = 'bree-public-config';

/** Checked by hand: the schema library is part of the app, not of the pages a visitor reads first. */
function asPublicConfig(body: Partial<PublicConfig> | null, source: string): PublicConfig {
  if (!body || typeof body.productName !== 'string' || typeof body.oidc !== 'object' || typeof body.billing !== 'object') {
    throw new Error(`${source} did not hold a configuration`);
  }
  return body as PublicConfig;
}

/** GET /api/config for the public pages. Rejects on any answer that is not this server's config. */
export async function fetchPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const res = await fetchImpl('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
  return asPublicConfig((await res.json()) as Partial<PublicConfig> | null, 'GET /api/config');
}

/**
 * The configuration a server-rendered public page was rendered with, or null when the page came
 * without its HTML (then the browser renders it after GET /api/config).
 */
export function renderedPublicConfig(doc: Document = document): PublicConfig | null {
  const text = doc.getElementById(RENDERED_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return asPublicConfig(JSON.parse(text) as Partial<PublicConfig> | null, 'The page');
  } catch {
    return null;
  }
}
