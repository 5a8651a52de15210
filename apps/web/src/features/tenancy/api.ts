import { initializeTenantResponseSchema, tenantStatusSchema, userProfileResponseSchema } from '@bree/contracts';
import type { TenantStatus, UserProfileBody } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** GET /api/tenant/status — is the signed-in user's tenant set up? */
export function fetchTenantStatus(api: ApiClient): Promise<TenantStatus> {
  return api.get('/tenant/status', { schema: tenantStatusSchema });
}

/** POST /api/tenant/initialize — idempotent on the server. */
export async function initializeTenant(api: ApiClient, tenantId: string): Promise<void> {
  await api.post('/tenant/initialize', { tenantId }, { schema: initializeTenantResponseSchema });
}

/** PUT /api/users/profile — the identity provider's view of the user, for the server's records. */
export async function updateUserProfile(api: ApiClient, profile: UserProfileBody): Promise<void> {
  await api.put('/users/profile', profile, { schema: userProfileResponseSchema });
}

/** POST /api/billing/initialize-welcome — sets up the starter plan once after sign-in (docs/PRODUCT.md#startup). */
export async function initializeWelcome(api: ApiClient): Promise<void> {
  await api.post('/billing/initialize-welcome');
}
