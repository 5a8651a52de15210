import type { ProfileName } from '../tenants/profile-names';
import { byThread, nameFrom, peopleIn } from './comments.presenter';
import type { CommentsRepository } from './comments.repository';

/**
 * A document's threads for an export that asks for its comments (the files module's
 * `ExportCommentSource`, given by the composition root): the owner's tenant and the document are
 * the export's own, already reached through the grant resolver by the download route.
 */
export function createCommentsExport({
  repository,
  names,
}: {
  repository: CommentsRepository;
  names: (tenantIds: readonly string[]) => Promise<Map<string, ProfileName>>;
}) {
  return async ({ tenantId, fileId }: { tenantId: string; fileId: string }) => {
    const { threads, comments } = await repository.listThreads({ tenantId, fileId });
    if (threads.length === 0) return [];
    const nameOf = nameFrom(await names(peopleIn(threads, comments)));
    const grouped = byThread(comments);
    return threads.map((t) => ({
      anchor: { blockId: t.anchorBlockId, start: t.anchorStart, quote: t.anchorQuote },
      anchorDeleted: t.anchorDeleted,
      resolvedBy: t.resolvedBy ? nameOf(t.resolvedBy) : null,
      resolvedAt: t.resolvedAt?.toISOString() ?? null,
      comments: (grouped.get(t.id) ?? []).map((c) => ({ authorName: nameOf(c.authorTenantId), body: c.body, createdAt: c.createdAt.toISOString() })),
    }));
  };
}
