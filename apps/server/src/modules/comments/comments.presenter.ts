import type { CommentThread } from '@bree/contracts';
import type { ProfileName } from '../tenants/profile-names';
import type { CommentRow, CommentThreadRow } from './comments.table';

/** A person's name as comments show it; an account without a profile name still reads as someone. */
export const nameFrom = (map: Map<string, ProfileName>) => (tenantId: string) => map.get(tenantId)?.name || 'A Bree writer';

/** A document's comments by their thread, each list in the order given. */
export function byThread(rows: readonly CommentRow[]): Map<string, CommentRow[]> {
  const grouped = new Map<string, CommentRow[]>();
  for (const row of rows) grouped.set(row.threadId, [...(grouped.get(row.threadId) ?? []), row]);
  return grouped;
}

/** Everyone a document's threads name: the comments' authors and who resolved a thread. */
export function peopleIn(threads: readonly CommentThreadRow[], rows: readonly CommentRow[]): string[] {
  return [...new Set([...rows.map((c) => c.authorTenantId), ...threads.flatMap((t) => (t.resolvedBy ? [t.resolvedBy] : []))])];
}

/** A thread as the caller sees it: names instead of account ids, `mine` on what they wrote. */
export function presentThread(
  thread: CommentThreadRow,
  rows: readonly CommentRow[],
  { caller, nameOf }: { caller: string; nameOf: (tenantId: string) => string },
): CommentThread {
  return {
    id: thread.id,
    anchor: { blockId: thread.anchorBlockId, start: thread.anchorStart, end: thread.anchorEnd, quote: thread.anchorQuote },
    anchorDeleted: thread.anchorDeleted,
    resolved: thread.resolvedAt !== null,
    resolvedBy: thread.resolvedBy ? nameOf(thread.resolvedBy) : null,
    resolvedAt: thread.resolvedAt?.toISOString() ?? null,
    createdAt: thread.createdAt.toISOString(),
    comments: rows.map((c) => ({
      id: c.id,
      authorName: nameOf(c.authorTenantId),
      mine: c.authorTenantId === caller,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
      editedAt: c.editedAt?.toISOString() ?? null,
    })),
  };
}

/** The people a comment's body names with '@Name' (or '@address'), among those with access. */
export function mentionedIn(body: string, people: readonly { tenantId: string; name: string; email: string | null }[]): string[] {
  const text = body.toLowerCase();
  const named = (handle: string) => {
    const at = `@${handle.toLowerCase()}`;
    let from = text.indexOf(at);
    while (from !== -1) {
      // '@Ann' is not a mention of 'Anna': the handle must end where a word ends.
      const next = text.charAt(from + at.length);
      if (!/[\p{L}\p{N}_]/u.test(next)) return true;
      from = text.indexOf(at, from + 1);
    }
    return false;
  };
  return people.filter((p) => (p.name && named(p.name)) || (p.email && named(p.email))).map((p) => p.tenantId);
}
