import type { PublicConfig } from '@bree/contracts';

/**
 * GET /api/config for the public pages, checked by hand: the schema library is part of the app,
 * not of the pages a visitor reads first. Rejects on any answer that is not this server's config.
 */
export async function fetchPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const res = await fetchImpl('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/config answered ${res.status}`);
  const body = (await res.json()) as Partial<PublicConfig> | null;
  if (!body || typeof body.productName !== 'string' || typeof body.oidc !== 'object' || typeof body.billing !== 'object') {
    throw new Error('GET /api/config did not answer a configuration');
  }
  return body as PublicConfig;
}
