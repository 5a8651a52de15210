import { displayName, PUBLISHING, type PostCategory, type PublishableDocument, type PublishingDraft } from '@bree/contracts';
import { withoutProvenance, type DocJSON } from '@bree/editor';
import { publishingErrors } from './publishing.errors';
import { presentPost } from './publishing.presenter';
import type { PublishedRecord, PublishingRepository } from './publishing.repository';

const iso = (d: Date | string) => new Date(d).toISOString();
const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * The publishing manager (docs/PRODUCT.md#admin: real, not alerts): eligible documents, drafts,
 * publish and unpublish, and the published posts that /blog and /updates render. Only the tenant
 * named by PUBLISHING_TENANT may manage posts; administrators are checked before (plugins/admin.ts).
 */
export function createPublishingService({
  repository,
  publishingTenant,
  publicUrl,
  now,
}: {
  repository: PublishingRepository;
  publishingTenant: string | undefined;
  publicUrl: string;
  now: () => Date;
}) {
  const urlOf = (category: PostCategory, slug: string) => `${publicUrl}/${category}/${slug}`;

  async function requireDocument(q: { tenantId: string; fileId: string }) {
    const doc = await repository.findEligible(q);
    if (!doc) throw publishingErrors.notPublishable();
    return doc;
  }

  async function save(q: { tenantId: string; fileId: string; draft: PublishingDraft; publish: boolean }) {
    const doc = await requireDocument(q);
    if (await repository.slugTaken(q)) throw publishingErrors.slugTaken();
    try {
      // A post is public: its copy of the text keeps no AI provenance marks (docs/PROVENANCE.md).
      const content = q.publish ? withoutProvenance(doc.content as DocJSON) : undefined;
      const row = await repository.save({ ...q, content, now: now() });
      return { success: true as const, post: presentPost(row, urlOf) };
    } catch (err) {
      // Two drafts racing for one slug: the unique index decides, the loser hears why.
      if (isUniqueViolation(err)) throw publishingErrors.slugTaken();
      throw err;
    }
  }

  return {
    urlOf,
    /** Refuses everyone but the publishing tenant (403 publishing_not_allowed). */
    assertPublisher(tenantId: string) {
      if (!publishingTenant || tenantId !== publishingTenant) throw publishingErrors.notAllowed();
    },

    async listDocuments({ tenantId }: { tenantId: string }): Promise<{ items: PublishableDocument[] }> {
      const rows = await repository.listEligible({ tenantId });
      return {
        items: rows.map((r) => ({
          fileId: r.file_id,
          name: displayName(r.name),
          lastModified: iso(r.content_updated_at),
          wordCount: Number(r.word_count),
          post: r.post_file_id ? presentPost(r as Parameters<typeof presentPost>[0], urlOf) : null,
        })),
      };
    },

    async preview(q: { tenantId: string; fileId: string }) {
      const doc = await requireDocument(q);
      return { name: displayName(doc.name), content: doc.content, lastModified: iso(doc.content_updated_at) };
    },

    saveDraft: (q: { tenantId: string; fileId: string; draft: PublishingDraft }) => save({ ...q, publish: false }),
    /** Saves the draft and publishes the document's current tree under it. */
    publish: (q: { tenantId: string; fileId: string; draft: PublishingDraft }) => save({ ...q, publish: true }),

    async unpublish(q: { tenantId: string; fileId: string }) {
      await requireDocument(q);
      const row = await repository.unpublish({ ...q, now: now() });
      if (!row) throw publishingErrors.notPublished();
      return { success: true as const, post: presentPost(row, urlOf) };
    },

    /** The public side: published posts of a category, newest first. */
    listPublished: (category: PostCategory): Promise<PublishedRecord[]> => repository.listPublished({ category, limit: PUBLISHING.listedPosts }),
    findPublished: (category: PostCategory, slug: string) => repository.findPublished({ category, slug }),
  };
}
export type PublishingService = ReturnType<typeof createPublishingService>;
