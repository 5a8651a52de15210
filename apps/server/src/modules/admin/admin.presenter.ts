import type { AdminUserRow } from '@bree/contracts';
import type { AdminUserRecord } from './admin.repository';

/** Whitelists what the admin portal sees of an account. */
export function presentUser(row: AdminUserRecord): AdminUserRow {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    createdAt: new Date(row.created_key).toISOString(),
    lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at).toISOString(),
    subscriptionStatus: row.subscription_status,
    monthlySpending: Math.round(Number(row.monthly_spending) * 1_000_000) / 1_000_000,
  };
}
