import type { userProfiles } from './tenants.table';

/** Whitelists the profile fields a client may see. */
export function presentProfile(row: typeof userProfiles.$inferSelect) {
  return { email: row.email, name: row.name, emailVerified: row.emailVerified };
}
