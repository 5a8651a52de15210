import { DELETE_ACCOUNT_ATTEMPTS, type DeleteAccountAnswer } from '@bree/contracts';
import type { Db } from '../../db/db';
import { commonErrors } from '../../lib/errors';
import type { BlobStorage } from '../../lib/storage/storage';
import type { TenantDataOwner } from '../../lib/tenant-data';
import type { BillingService } from '../billing/billing.service';
import type { AccountRemoval } from '../identity/account-removal';
import { createAccountLimiter } from '../identity/rate-limit';
import type { AuthContext } from '../identity/identity.types';
import { deletionErrors } from './deletion.errors';
import { TENANT_DATA_OWNERS } from './deletion.owners';

/**
 * "Delete my account" (docs/ACCOUNT.md): the writer confirms with their address (and password),
 * a live subscription is cancelled at Stripe first (a failure there deletes nothing, so the writer
 * is never charged for an account that is gone), then every module removes the tenant's rows in
 * one transaction, the identity last, so the address is free for a new sign-up. Blobs go after the
 * commit: storage cannot join a transaction, and a blob without its row is unreachable.
 */
export function createAccountDeletion({
  db,
  identity,
  billing,
  storage,
  counters,
  newId,
  owners = TENANT_DATA_OWNERS,
}: {
  db: Db;
  identity: AccountRemoval;
  billing: Pick<BillingService, 'closeForDeletion'>;
  storage: Pick<BlobStorage, 'delete'>;
  /** The shared rate-limit counters: confirmations are counted per account across every Bree process. */
  counters: Parameters<typeof createAccountLimiter>[0]['counters'];
  newId: () => string;
  owners?: readonly TenantDataOwner[];
}) {
  const limiter = createAccountLimiter({
    counters,
    scope: 'delete-account',
    maxFailures: DELETE_ACCOUNT_ATTEMPTS.max,
    windowMs: DELETE_ACCOUNT_ATTEMPTS.windowMs,
  });
  return {
    /** Deletes the signed-in account and everything of its tenant but billing records. */
    async deleteAccount({ auth, email, password }: { auth: AuthContext; email: string; password: string | undefined }): Promise<DeleteAccountAnswer> {
      // Counted before the check, so a burst of guesses cannot outrun the count (identity/rate-limit.ts).
      const wait = await limiter.attempt(auth.sub);
      if (wait > 0)
        throw commonErrors.rateLimited(
          wait,
          `Too many attempts to delete this account. Please wait a few minutes (at most ${DELETE_ACCOUNT_ATTEMPTS.max} in ${DELETE_ACCOUNT_ATTEMPTS.windowMs / 60_000} minutes).`,
        );
      const checked = await identity.check({ userId: auth.sub, tokenEmail: auth.email, email, password });
      // A retry of a deletion that went through: the account is gone, and so is this token's right.
      if (checked === 'gone') throw commonErrors.invalidToken();
      if (checked === 'email_mismatch') throw deletionErrors.emailMismatch();
      if (checked === 'password_incorrect') throw deletionErrors.passwordIncorrect();

      const tenantId = auth.tenantId;
      const { keepRecords } = await billing.closeForDeletion({ tenantId });
      // Kept billing records move to an id that names no one (docs/ACCOUNT.md "What is kept").
      const keptAs = keepRecords ? `deleted-${newId()}` : null;
      const blobKeys = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const keys: string[] = [];
        for (const owner of owners) keys.push(...(await owner.remove({ tx, tenantId, keptAs })).blobKeys);
        await identity.removeRows({ tx, userId: auth.sub });
        return keys;
      });
      await identity.removed({ userId: auth.sub });
      // The count names the account: it goes with it.
      await limiter.recordSuccess(auth.sub);
      // Removing a missing key is no error; one that fails leaves bytes no row points to.
      await Promise.allSettled(blobKeys.map((key) => storage.delete(key)));
      return { deleted: true, billingRecordsKept: keepRecords };
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
