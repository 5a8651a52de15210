export { getCurrentTenant, resetCurrentTenant, setCurrentTenant } from './tenantStorage';
export { runFirstTimeTenantFlow, runWelcomeInitialisation } from './onboarding';
export type { SignedInProfile } from './onboarding';
export { fetchTenantStatus } from './api';
