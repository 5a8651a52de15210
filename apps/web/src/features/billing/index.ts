// The pages (SubscriptionPage, CheckoutResult) are imported by their routes directly: through this
// index they would pull the usage chart's library into every page's first load.
export { BillingBanner, BillingBannerView } from './BillingBanner';
export { ProfileBilling, ProfilePlanBadge } from './ProfileBilling';
export { useBillingEnabled } from './useBilling';
