import { inArray, sql } from 'drizzle-orm';
import type { DocumentLinks } from '../files/files.port';
import type { WorkspaceGrantLinks } from '../grants/grants.links';
import { workspaceVariants } from './workspaces.table';

/**
 * How a workspace ties documents together, told to the files module (services.ts): a master's
 * variants are counted on its list row and follow it into the Trash, and a variant restored after its workspace is gone (its
 * master deleted for good) loses its variant metadata. SQL over this module's own table, composed
 * by the files module into its list, trash and restore statements.
 */
export const workspaceDocumentLinks: DocumentLinks = {
  followersOf: ({ tenantId, ids }) =>
    sql`select ${workspaceVariants.fileId} from ${workspaceVariants} where ${workspaceVariants.tenantId} = ${tenantId} and ${inArray(workspaceVariants.masterFileId, ids)}`,
  stillLinked: () => sql`exists (select 1 from ${workspaceVariants} v where v.tenant_id = "files"."tenant_id" and v.file_id = "files"."id")`,
  followersOfRow: (row) => sql`select v.file_id from ${workspaceVariants} v where v.tenant_id = ${row}.tenant_id and v.master_file_id = ${row}.id`,
};

/** A workspace-wide grant on a master reaches its variants (docs/SHARING.md "People"): the master of a document row. */
export const workspaceGrantLinks: WorkspaceGrantLinks = {
  masterOf: (alias) =>
    sql`(select v.master_file_id from ${workspaceVariants} v where v.tenant_id = ${sql.raw(alias)}.tenant_id and v.file_id = ${sql.raw(alias)}.id)`,
};
