import type { ApiClient } from '../../lib/api';
import { fetchTenantStatus, initializeTenant, initializeWelcome, updateUserProfile } from './api';
import { setCurrentTenant } from './tenantStorage';

/** Identity claims the first-time flow reads (from the ID token). */
export interface SignedInProfile {
  sub: string;
  email?: string;
  name?: string;
  email_verified?: boolean;
}

type Log = Pick<Console, 'error' | 'warn' | 'info'>;

export interface FirstTimeFlowDeps {
  api: ApiClient;
  profile: SignedInProfile;
  setTenant?: (tenantId: string) => void;
  log?: Log;
  /** Whether this server takes payments (GET /api/config): only then is the welcome initialisation asked. */
  billingEnabled?: boolean;
}

/**
 * Runs after every interactive sign-in (docs/PRODUCT.md#startup): tenant = sub, status check, initialize
 * when needed (failures logged only), the profile update (failure is a warning only), then, with
 * billing on, the welcome initialisation (idempotent on the server: docs/BILLING.md).
 * Never throws: none of this may keep the writer from their documents.
 */
export async function runFirstTimeTenantFlow(deps: FirstTimeFlowDeps): Promise<void> {
  await setUpTenant(deps);
  if (deps.billingEnabled) await runWelcomeInitialisation({ api: deps.api, log: deps.log });
}

async function setUpTenant({ api, profile, setTenant = setCurrentTenant, log = console }: FirstTimeFlowDeps): Promise<void> {
  setTenant(profile.sub);
  try {
    const status = await fetchTenantStatus(api);
    if (!status.initialized) await initializeTenant(api, profile.sub);
  } catch (error) {
    log.error('[tenancy] tenant initialization failed', error);
  }
  if (!profile.email) {
    log.warn('[tenancy] profile update skipped: the ID token carries no e-mail');
    return;
  }
  try {
    await updateUserProfile(api, {
      email: profile.email,
      name: profile.name ?? '',
      emailVerified: profile.email_verified ?? false,
    });
  } catch (error) {
    log.warn('[tenancy] profile update failed', error);
  }
}

/** The welcome initialisation after sign-in; best effort, logged only. */
export async function runWelcomeInitialisation({ api, log = console }: { api: ApiClient; log?: Log }): Promise<void> {
  try {
    await initializeWelcome(api);
  } catch (error) {
    log.info('[onboarding] welcome initialisation did not complete', error);
  }
}
