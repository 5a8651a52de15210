export { BillingBanner, BillingBannerView } from './BillingBanner';
export { ProfileBilling, ProfilePlanBadge } from './ProfileBilling';
export { useBillingEnabled } from './useBilling';
export { SubscriptionPage } from './SubscriptionPage';
export { CheckoutResult } from './CheckoutResult';
