import type { Db } from '../db/db';

/**
 * One module's part of deleting an account (docs/ACCOUNT.md "Delete my account"): the tables it
 * owns that hold a tenant's rows, and how they are removed inside the deletion's one transaction.
 * Each module owns its tables, so each removes its own rows; modules/account only calls them in order.
 */
export interface TenantDataOwner {
  /** Which module this is, for logs and the completeness test. */
  module: string;
  /** Every table of the module with rows of a tenant (the completeness test compares them with the schema). */
  tables: readonly string[];
  /**
   * Removes the tenant's rows with `tx`. `keptAs` is set when billing records must be kept: an
   * owner of such records moves them to that anonymous id instead of deleting them. Answers the
   * blob-storage keys to delete once the transaction has committed.
   */
  remove(args: { tx: Db; tenantId: string; keptAs: string | null }): Promise<{ blobKeys: string[] }>;
}

/** The answer of an owner that keeps no blobs. */
export const NO_BLOBS: { blobKeys: string[] } = Object.freeze({ blobKeys: [] }) as { blobKeys: string[] };
