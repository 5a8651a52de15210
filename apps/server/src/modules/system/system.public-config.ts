import { PRODUCT_NAME, type PublicConfig } from '@bree/contracts';
import type { Config } from '../../config';
import { RESEND_VERIFICATION_PATH } from '../identity/email-verification.routes';

/**
 * What a browser needs before any sign-in (GET /api/config): the product's name, how to sign in,
 * whether billing is on, analytics and the support address. The public pages the server renders
 * are rendered with it too (site.prerender.ts), so the browser hydrates them with the same values.
 */
export function presentPublicConfig(config: Config): PublicConfig {
  return {
    productName: PRODUCT_NAME,
    oidc: {
      mode: config.oidc.mode,
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      scope: 'openid profile email offline_access',
      // Offered to signed-in writers whose address is unconfirmed, only where a link can be mailed.
      ...(config.oidc.mode === 'embedded' && config.mail ? { emailConfirmationUrl: `${config.publicUrl}${RESEND_VERIFICATION_PATH}` } : {}),
      // Account settings link there for the password and the address (docs/ACCOUNT.md).
      ...(config.oidc.mode === 'external' && config.oidc.accountUrl ? { accountUrl: config.oidc.accountUrl } : {}),
    },
    billing: { enabled: config.stripe !== null },
    analytics: config.analytics,
    ...(config.supportEmail ? { supportEmail: config.supportEmail } : {}),
  };
}
