import { createHash, randomBytes } from 'node:crypto';
import { displayName, type DocumentAccessRole, type DocumentRole, type GrantPeopleAnswer, type GrantScope, type SharedWithMeItem } from '@bree/contracts';
import type { Mailer } from '../../lib/mailer';
import { documentNotFound } from '../files/files.port';
import type { ProfileName } from '../tenants/profile-names';
import { grantsErrors } from './grants.errors';
import type { GrantsRepository } from './grants.repository';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What an action on a document needs: reading it (every role), commenting (Commenter, Editor), changing its content (Editor), or owning it. */
export type DocumentNeed = 'read' | 'comment' | 'edit' | 'own';

const ROLE_COVERS: Record<DocumentAccessRole, readonly DocumentNeed[]> = {
  owner: ['read', 'comment', 'edit', 'own'],
  editor: ['read', 'comment', 'edit'],
  commenter: ['read', 'comment'],
  viewer: ['read'],
};

/** Whether `role` covers `need` (the web app asks the same through its role). */
export const roleCovers = (role: DocumentAccessRole, need: DocumentNeed) => ROLE_COVERS[role].includes(need);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface GrantsServiceDeps {
  repository: GrantsRepository;
  names: (tenantIds: readonly string[]) => Promise<Map<string, ProfileName>>;
  /** The document's name in its owner's tenant (the files port), for the invitation mail and the accept answer. */
  documentName: (args: { tenantId: string; fileId: string }) => Promise<string | null>;
  mailer: Mailer | null;
  publicUrl: string;
  /** A person's grant was removed: presence forgets their windows at once (services.ts). */
  onRemoved?: (args: { fileId: string; granteeTenantId: string }) => Promise<void>;
  now?: () => Date;
}

/**
 * Sharing documents with people (docs/SHARING.md "People"). `resolve` is the one grant resolver
 * the document routes a grantee may use go through: the owner has every right, a grantee their
 * role's, anyone else the same 404 as for a document that does not exist. Read from the database
 * on each request (no cache), so a role change or removal holds at once on every process.
 */
export function createGrantsService({ repository, names, documentName, mailer, publicUrl, onRemoved, now = () => new Date() }: GrantsServiceDeps) {
  /** The caller's role on a live document; 404 `file_not_found` when they have none. */
  async function accessOf({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ ownerTenantId: string; role: DocumentAccessRole }> {
    const found = await repository.access({ tenantId, fileId });
    if (!found) throw documentNotFound();
    return { ownerTenantId: found.ownerTenantId, role: found.role ?? 'owner' };
  }

  /**
   * The tenant that owns `fileId` when the caller's role covers `need`: the route then acts in
   * that tenant. 404 without access; 403 `role_refused` for a grantee whose role falls short.
   */
  async function resolve({
    tenantId,
    fileId,
    need,
  }: {
    tenantId: string;
    fileId: string;
    need: DocumentNeed;
  }): Promise<{ ownerTenantId: string; role: DocumentAccessRole }> {
    const access = await accessOf({ tenantId, fileId });
    if (!roleCovers(access.role, need)) throw grantsErrors.roleRefused();
    return access;
  }

  const nameOf = (map: Map<string, ProfileName>, tenantId: string) => map.get(tenantId)?.name ?? 'A Bree writer';

  return {
    resolve,
    accessOf,

    /** Everyone with access to the owner's document: the owner first, then the grantees (for comments' mentions). */
    async participants({ ownerTenantId, fileId }: { ownerTenantId: string; fileId: string }): Promise<string[]> {
      return [ownerTenantId, ...(await repository.granteesOf({ tenantId: ownerTenantId, fileId }))];
    },

    /** Invites `email` to the owner's document: mailed with SMTP_URL, else the link is answered for the owner to pass on. */
    async invite({
      tenantId,
      fileId,
      email,
      role,
      scope = 'document',
    }: {
      tenantId: string;
      fileId: string;
      email: string;
      role: DocumentRole;
      scope?: GrantScope;
    }) {
      await resolve({ tenantId, fileId, need: 'own' });
      const address = email.trim().toLowerCase();
      const owner = (await names([tenantId])).get(tenantId);
      if (owner?.email?.toLowerCase() === address) throw grantsErrors.selfInvite();
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_MS);
      await repository.insertInvitation({ tokenHash: hashToken(token), tenantId, fileId, email: address, role, scope, now: at, expiresAt });
      const link = `${publicUrl}/app/invite/${token}`;
      if (mailer) {
        const stored = await documentName({ tenantId, fileId });
        const title = stored ? displayName(stored) : 'a document';
        await mailer.send({
          to: address,
          subject: `${owner?.name ?? 'A Bree writer'} shared “${title}” with you`,
          text: `${owner?.name ?? 'A Bree writer'} invited you to “${title}”${scope === 'workspace' ? ' and all its variants' : ''} on Bree as ${role}.\n\nOpen it (sign in or create an account first): ${link}\n\nThe link works once and for 7 days.\n`,
        });
        return { success: true as const, mailed: true, link: null, expiresAt: expiresAt.toISOString() };
      }
      return { success: true as const, mailed: false, link, expiresAt: expiresAt.toISOString() };
    },

    /** The signed-in caller accepts an invitation: the link is used up and the grant is theirs. */
    async accept({ tenantId, token }: { tenantId: string; token: string }) {
      const accepted = await repository.accept({ tokenHash: hashToken(token), granteeTenantId: tenantId, now: now() });
      if (!accepted) throw grantsErrors.invitationNotFound();
      // The document may have gone to the Trash meanwhile: then the caller is told as for any document not there.
      const { role } = await accessOf({ tenantId, fileId: accepted.fileId });
      const stored = await documentName({ tenantId: accepted.ownerTenantId, fileId: accepted.fileId });
      const name = stored ? displayName(stored) : '';
      const ownerName = nameOf(await names([accepted.ownerTenantId]), accepted.ownerTenantId);
      return { success: true as const, fileId: accepted.fileId, name, role, ownerName };
    },

    async people({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<GrantPeopleAnswer> {
      await resolve({ tenantId, fileId, need: 'own' });
      const [own, inherited, pending] = await Promise.all([
        repository.listGrants({ tenantId, fileId }),
        repository.workspaceGrantsOver({ tenantId, fileId }),
        repository.listPending({ tenantId, fileId, now: now() }),
      ]);
      // A variant's own grant decides over its workspace's (the access query's order): such a person is listed once.
      const direct = new Set(own.map((g) => g.granteeTenantId));
      const grants = [
        ...own.map((g) => ({ ...g, scope: g.scope as GrantScope, throughWorkspace: false })),
        ...inherited.filter((g) => !direct.has(g.granteeTenantId)).map((g) => ({ ...g, scope: 'workspace' as const, throughWorkspace: true })),
      ];
      const profiles = await names(grants.map((g) => g.granteeTenantId));
      return {
        success: true,
        people: grants.map((g) => ({
          granteeId: g.granteeTenantId,
          name: nameOf(profiles, g.granteeTenantId),
          email: profiles.get(g.granteeTenantId)?.email ?? null,
          role: g.role as DocumentRole,
          scope: g.scope,
          throughWorkspace: g.throughWorkspace,
          grantedAt: new Date(g.createdAt).toISOString(),
        })),
        pending: pending.map((p) => ({ email: p.email, role: p.role as DocumentRole, scope: p.scope as GrantScope, expiresAt: p.expiresAt.toISOString() })),
      };
    },

    async setRole({ tenantId, fileId, granteeId, role }: { tenantId: string; fileId: string; granteeId: string; role: DocumentRole }) {
      await resolve({ tenantId, fileId, need: 'own' });
      return { success: true as const, changed: await repository.setRole({ tenantId, fileId, granteeTenantId: granteeId, role, now: now() }) };
    },

    async remove({ tenantId, fileId, granteeId }: { tenantId: string; fileId: string; granteeId: string }) {
      await resolve({ tenantId, fileId, need: 'own' });
      const changed = await repository.remove({ tenantId, fileId, granteeTenantId: granteeId });
      if (changed) await onRemoved?.({ fileId, granteeTenantId: granteeId });
      return { success: true as const, changed };
    },

    /** Hourly maintenance: deletes invitations past their validity; how many went. */
    sweepInvitations(): Promise<number> {
      return repository.deleteExpired({ now: now() });
    },

    /** The documents other accounts granted the caller, with each owner's name. */
    async sharedWithMe({ tenantId }: { tenantId: string }): Promise<{ success: true; documents: SharedWithMeItem[] }> {
      // A variant granted on its own and through its workspace is listed once, by its newest row.
      const seen = new Set<string>();
      const rows = (await repository.sharedWith({ granteeTenantId: tenantId })).filter((r) => !seen.has(r.id) && seen.add(r.id));
      const owners = await names([...new Set(rows.map((r) => r.ownerTenantId))]);
      return {
        success: true,
        documents: rows.map((r) => ({
          id: r.id,
          name: displayName(r.name),
          ownerName: nameOf(owners, r.ownerTenantId),
          role: r.role as DocumentRole,
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },
  };
}
export type GrantsService = ReturnType<typeof createGrantsService>;
