import type { SQL } from 'drizzle-orm';

/**
 * What grants need to know of workspaces (docs/SHARING.md "People"): a grant with scope
 * 'workspace' on a master reaches its variants. Given by the workspaces module as SQL over its own
 * table (workspaces.links.ts), composed into the one access query.
 */
export interface WorkspaceGrantLinks {
  /** The master's id of the document row aliased `alias`; null when that document is no variant. */
  masterOf(alias: string): SQL;
}
