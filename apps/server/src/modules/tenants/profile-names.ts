import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { userProfiles } from './tenants.table';

/** A person as others are shown them: the profile's name, else its address. */
export interface ProfileName {
  name: string;
  email: string | null;
}

/**
 * The names and addresses the profiles of `tenantIds` hold (PUT /users/profile after sign-in), for
 * showing one writer to another (the owner of a shared document, the people it is shared with:
 * docs/SHARING.md "People"). A tenant without a profile is absent from the map.
 */
export function createProfileNames({ db }: { db: Db }): (tenantIds: readonly string[]) => Promise<Map<string, ProfileName>> {
  return async (tenantIds) => {
    if (tenantIds.length === 0) return new Map();
    const rows = await db
      .select({ tenantId: userProfiles.tenantId, name: userProfiles.name, email: userProfiles.email })
      .from(userProfiles)
      .where(inArray(userProfiles.tenantId, [...tenantIds]));
    return new Map(rows.map((row) => [row.tenantId, { name: row.name?.trim() || row.email || 'A Bree writer', email: row.email }]));
  };
}
