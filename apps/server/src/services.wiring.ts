import type { Db } from './db/db';
import type { TrashService } from './modules/files/files.trash';
import { createAccountEmails } from './modules/identity/account-emails';
import type { ImagesService } from './modules/images/images.service';
import { createProfileEmails } from './modules/tenants/profile-emails';

/** Small adapters the composition root (services.ts) puts between modules that do not know each other. */

/** A tenant's verified e-mail address: its local account's, else its profile's (an external issuer's writer), else null. */
export function verifiedEmails({ db }: { db: Db }): (tenantId: string) => Promise<string | null> {
  const local = createAccountEmails({ db });
  const profile = createProfileEmails({ db });
  return async (tenantId) => (await local(tenantId)) ?? (await profile(tenantId));
}

/**
 * The Trash, whose deletions for good also remove the images no remaining document shows (the
 * images module sweeps its own rows; the files module knows nothing of images).
 */
export function withImageSweeps(trash: TrashService, images: Pick<ImagesService, 'sweep'>): TrashService {
  return {
    ...trash,
    async deleteForever(q) {
      await trash.deleteForever(q);
      await images.sweep({ tenantId: q.tenantId });
    },
    async discard(q) {
      await trash.discard(q);
      await images.sweep({ tenantId: q.tenantId });
    },
    async purge() {
      const purged = await trash.purge();
      await images.sweep();
      return purged;
    },
  };
}
