import type { DocumentRole, GrantScope } from '@bree/contracts';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { selectPreparedRows, selectRows, type Db } from '../../db/db';
import { documentField, documentsRelationSql } from '../files/files.port';
import type { WorkspaceGrantLinks } from './grants.links';
import { documentGrants, documentInvitations } from './grants.table';

/** The live documents as a relation `d` (files.port.ts): grants never reach a trashed document. */
const documents = () => documentsRelationSql({ columns: ['id', 'tenant_id', 'name', 'updated_at'] });

/** Data access for grants and invitations (grants.table.ts). */
export function createGrantsRepository({ db, workspaces }: { db: Db; workspaces: WorkspaceGrantLinks }) {
  return {
    /**
     * The one access query: the live document `fileId` with its owner, and the caller's grant on
     * it if any. Null when there is no such live document, or it is another tenant's and the
     * caller holds no grant — the two are answered alike (404).
     */
    async access({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ ownerTenantId: string; role: DocumentRole | null } | null> {
      // Prepared once per connection: every shared-document request runs it.
      // The document's own grant first; else a workspace-wide grant on its master (docs/SHARING.md "People").
      const rows = await selectPreparedRows<{ owner: string; role: DocumentRole | null }>(
        db,
        sql`select d.tenant_id as owner, coalesce(g.role, w.role) as role
            from ${documents()} d
            left join ${documentGrants} g on g.file_id = d.id and g.grantee_tenant_id = ${tenantId}
            left join ${documentGrants} w on w.grantee_tenant_id = ${tenantId} and w.scope = 'workspace' and w.tenant_id = d.tenant_id
              and w.file_id = ${workspaces.masterOf('d')}
            where d.id = ${fileId} and (d.tenant_id = ${tenantId} or g.role is not null or w.role is not null)
            limit 1`,
      );
      const row = rows[0];
      return row ? { ownerTenantId: row.owner, role: row.owner === tenantId ? null : row.role } : null;
    },

    async insertInvitation(input: {
      tokenHash: string;
      tenantId: string;
      fileId: string;
      email: string;
      role: DocumentRole;
      scope: GrantScope;
      now: Date;
      expiresAt: Date;
    }) {
      // An address invited again gets this invitation instead of the earlier one (whose link stops working):
      // one row per person in the owner's 'Invited' list.
      await db.transaction(async (tx) => {
        await tx
          .delete(documentInvitations)
          .where(
            and(eq(documentInvitations.tenantId, input.tenantId), eq(documentInvitations.fileId, input.fileId), eq(documentInvitations.email, input.email)),
          );
        await tx.insert(documentInvitations).values({ ...input, createdAt: input.now });
      });
    },

    /**
     * Uses an invitation once: deletes it (only one request can) and grants its document to
     * `granteeTenantId`, in one transaction. An owner opening their own link gets no grant.
     * Null when the link was unknown, used or expired.
     */
    async accept({ tokenHash, granteeTenantId, now }: { tokenHash: string; granteeTenantId: string; now: Date }) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .delete(documentInvitations)
          .where(and(eq(documentInvitations.tokenHash, tokenHash), gt(documentInvitations.expiresAt, now)))
          .returning({
            tenantId: documentInvitations.tenantId,
            fileId: documentInvitations.fileId,
            role: documentInvitations.role,
            scope: documentInvitations.scope,
          });
        if (!used) return null;
        if (used.tenantId !== granteeTenantId) {
          await tx
            .insert(documentGrants)
            .values({ tenantId: used.tenantId, fileId: used.fileId, granteeTenantId, role: used.role, scope: used.scope, createdAt: now, updatedAt: now })
            .onConflictDoUpdate({
              target: [documentGrants.fileId, documentGrants.granteeTenantId],
              set: { role: used.role, scope: used.scope, updatedAt: now },
            });
        }
        return { ownerTenantId: used.tenantId, fileId: used.fileId };
      });
    },

    /** The grants of the owner's document, oldest first. */
    async listGrants({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      return db
        .select({
          granteeTenantId: documentGrants.granteeTenantId,
          role: documentGrants.role,
          scope: documentGrants.scope,
          createdAt: documentGrants.createdAt,
        })
        .from(documentGrants)
        .where(and(eq(documentGrants.tenantId, tenantId), eq(documentGrants.fileId, fileId)))
        .orderBy(asc(documentGrants.createdAt), asc(documentGrants.granteeTenantId));
    },

    /** On a variant, its master's whole-workspace grants (they reach the variant too), oldest first; none elsewhere. */
    async workspaceGrantsOver({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      return selectRows<{ granteeTenantId: string; role: DocumentRole; createdAt: Date }>(
        db,
        sql`select w.grantee_tenant_id as "granteeTenantId", w.role, w.created_at as "createdAt"
            from ${documents()} d
            join ${documentGrants} w on w.tenant_id = d.tenant_id and w.scope = 'workspace' and w.file_id = ${workspaces.masterOf('d')}
            where d.id = ${fileId} and d.tenant_id = ${tenantId}
            order by w.created_at, w.grantee_tenant_id`,
      );
    },

    /**
     * Everyone the owner granted the live document `fileId`: by its own grant, or by a workspace-wide
     * grant on its master — the people the one access query lets in — each once, first granted first.
     */
    async granteesOf({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<string[]> {
      const rows = await selectRows<{ grantee: string }>(
        db,
        sql`select g.grantee_tenant_id as grantee
            from ${documents()} d
            join ${documentGrants} g on g.tenant_id = d.tenant_id
              and (g.file_id = d.id or (g.scope = 'workspace' and g.file_id = ${workspaces.masterOf('d')}))
            where d.id = ${fileId} and d.tenant_id = ${tenantId}
            group by g.grantee_tenant_id
            order by min(g.created_at), g.grantee_tenant_id`,
      );
      return rows.map((r) => r.grantee);
    },

    /** The owner's invitations still valid for the document, oldest first. */
    async listPending({ tenantId, fileId, now }: { tenantId: string; fileId: string; now: Date }) {
      return db
        .select({
          email: documentInvitations.email,
          role: documentInvitations.role,
          scope: documentInvitations.scope,
          expiresAt: documentInvitations.expiresAt,
        })
        .from(documentInvitations)
        .where(and(eq(documentInvitations.tenantId, tenantId), eq(documentInvitations.fileId, fileId), gt(documentInvitations.expiresAt, now)))
        .orderBy(asc(documentInvitations.createdAt));
    },

    /** Changes a grant's role; false when the owner's document has no such grant. */
    async setRole({
      tenantId,
      fileId,
      granteeTenantId,
      role,
      now,
    }: {
      tenantId: string;
      fileId: string;
      granteeTenantId: string;
      role: DocumentRole;
      now: Date;
    }) {
      const rows = await db
        .update(documentGrants)
        .set({ role, updatedAt: now })
        .where(and(eq(documentGrants.tenantId, tenantId), eq(documentGrants.fileId, fileId), eq(documentGrants.granteeTenantId, granteeTenantId)))
        .returning({ fileId: documentGrants.fileId });
      return rows.length > 0;
    },

    /** Removes a grant; false when there was none. */
    async remove({ tenantId, fileId, granteeTenantId }: { tenantId: string; fileId: string; granteeTenantId: string }) {
      const rows = await db
        .delete(documentGrants)
        .where(and(eq(documentGrants.tenantId, tenantId), eq(documentGrants.fileId, fileId), eq(documentGrants.granteeTenantId, granteeTenantId)))
        .returning({ fileId: documentGrants.fileId });
      return rows.length > 0;
    },

    /** The live documents granted to `granteeTenantId` (a workspace-wide grant: the master and its variants), most recently changed first; a document granted twice comes twice. */
    async sharedWith({ granteeTenantId }: { granteeTenantId: string }) {
      return db
        .select({
          id: documentField({ alias: 'd', column: 'id' }),
          name: documentField({ alias: 'd', column: 'name' }),
          updatedAt: documentField({ alias: 'd', column: 'updated_at' }),
          ownerTenantId: documentGrants.tenantId,
          role: documentGrants.role,
        })
        .from(documentGrants)
        .innerJoin(
          sql`${documents()} d`,
          sql`d.tenant_id = ${documentGrants.tenantId} and (d.id = ${documentGrants.fileId} or (${documentGrants.scope} = 'workspace' and ${workspaces.masterOf('d')} = ${documentGrants.fileId}))`,
        )
        .where(eq(documentGrants.granteeTenantId, granteeTenantId))
        .orderBy(sql`d.updated_at desc, d.id desc`)
        .limit(500);
    },

    /** Deletes expired invitations (maintenance); returns how many went. */
    async deleteExpired({ now }: { now: Date }): Promise<number> {
      const rows = await db.delete(documentInvitations).where(lte(documentInvitations.expiresAt, now)).returning({ tokenHash: documentInvitations.tokenHash });
      return rows.length;
    },
  };
}
export type GrantsRepository = ReturnType<typeof createGrantsRepository>;
