/**
 * What other modules count with: the rate-limit counters in PostgreSQL, shared by every Bree process
 * (sign-in, password reset and address confirmation in modules/identity). The table stays this
 * module's own (rate-limits.repository.ts).
 */
export { createRateLimitCounters, type RateLimitCounters } from './rate-limits.repository';
