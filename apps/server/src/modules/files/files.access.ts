import { AppError } from '../../lib/errors';

/**
 * The one grant resolver (grants.service.ts `resolve`): the tenant that owns `fileId` when the
 * caller may `need` it — themselves, or the owner who granted them a role; 404 for anyone else,
 * 403 `role_refused` for a grantee whose role falls short (docs/SHARING.md "People").
 */
export type DocumentAccess = (args: { tenantId: string; fileId: string; need: 'read' | 'edit' }) => Promise<{ ownerTenantId: string }>;

/**
 * Runs `run` in the caller's own tenant — the owner's path, unchanged and with no extra query —
 * and only when that finds no document, asks the grant resolver for the owner's tenant and runs it
 * there. Without a grant the first 404 is answered as it was, byte for byte.
 */
export async function asOwnerOrGrantee<T>(
  { access, tenantId, fileId, need }: { access: DocumentAccess; tenantId: string; fileId: string; need: 'read' | 'edit' },
  run: (tenantId: string) => Promise<T>,
): Promise<T> {
  try {
    return await run(tenantId);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    let owner: string;
    try {
      owner = (await access({ tenantId, fileId, need })).ownerTenantId;
    } catch (refused) {
      throw isNotFound(refused) ? err : refused;
    }
    if (owner === tenantId) throw err;
    return run(owner);
  }
}

const isNotFound = (err: unknown) => err instanceof AppError && err.status === 404;
