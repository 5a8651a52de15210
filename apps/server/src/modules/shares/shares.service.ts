import { randomBytes } from 'node:crypto';
import type { DocContent, FileMetadata, SharedDocument, ShareLinkAnswer, ShareStatus } from '@bree/contracts';
import { displayName } from '@bree/contracts';
import { authorshipOf, withoutProvenance, type DocJSON } from '@bree/editor';
import type { FilesPort } from '../files/files.port';
import type { RateLimitCounters } from '../rate-limits/rate-limits.port';
import { sharesErrors } from './shares.errors';
import { isLinkPreviewBot, SHARE_VIEW_WINDOW_MS, shareReaderKey } from './shares.readers';
import type { SharedRow, SharesRepository } from './shares.repository';

/** 18 random bytes: 144 bits, 24 URL-safe characters. */
const SLUG_BYTES = 18;
/** What a slug this server made looks like; anything else is answered without a database query. */
const SLUG_SHAPE = /^[A-Za-z0-9_-]{24}$/;

export function newShareSlug(): string {
  return randomBytes(SLUG_BYTES).toString('base64url');
}

/**
 * A shared document as the public call and page present it. The AI provenance marks never reach
 * a reader; the authorship figures do only when the author chose to show them (docs/PROVENANCE.md).
 */
export function presentShared(row: SharedRow): SharedDocument {
  const tag = row.metadata.authenticity;
  const content = row.content as DocJSON;
  return {
    content: withoutProvenance(content),
    metadata: {
      title: displayName(row.name),
      lastModified: row.contentUpdatedAt.toISOString(),
      wordCount: row.wordCount,
      ...(tag && tag !== 'Untagged' ? { authenticity: tag } : {}),
      ...(row.metadata.showAuthorship === true ? { authorship: authorshipOf(content) } : {}),
    },
    shareInfo: { createdAt: row.sharedAt.toISOString() },
  };
}

/** A document tree with its image blocks left out. */
function withoutImages(doc: DocJSON): DocJSON {
  const strip = (node: DocJSON): DocJSON => (node.content ? { ...node, content: node.content.filter((child) => child.type !== 'image').map(strip) } : node);
  const stripped = strip(doc);
  // A document that was all images is still a document: one empty line.
  return stripped.content?.length ? stripped : { ...stripped, content: [{ type: 'paragraph' }] };
}

/** Public links of documents (docs/PRODUCT.md#sharing): switch on, status, switch off, a new slug, and reading by slug. */
export function createSharesService({
  repository,
  files,
  counters,
  publicUrl,
  now,
  newSlug = newShareSlug,
}: {
  repository: SharesRepository;
  /** The shared documents' live check, the files module's. */
  files: Pick<FilesPort, 'requireLive'>;
  /** Where a reader's one-way key waits out its day, shared by every Bree process (docs/SHARING.md "Views"). */
  counters: Pick<RateLimitCounters, 'hit'>;
  /** The origin readers reach Bree at (PUBLIC_URL): share URLs are built on it. */
  publicUrl: string;
  now: () => Date;
  newSlug?: () => string;
}) {
  const urlOf = (slug: string) => `${publicUrl}/share/${slug}`;
  const link = (slug: string): ShareLinkAnswer => ({ success: true, shareUrl: urlOf(slug), shareSlug: slug });

  const requireFile = (q: { tenantId: string; fileId: string }) => files.requireLive(q);

  return {
    urlOf,
    async create(q: { tenantId: string; fileId: string }): Promise<ShareLinkAnswer> {
      await requireFile(q);
      return link(await repository.enable({ ...q, slug: newSlug(), now: now() }));
    },
    async status(q: { tenantId: string; fileId: string }): Promise<ShareStatus> {
      await requireFile(q);
      const row = await repository.find(q);
      if (!row?.slug) return { isShared: false, shareUrl: null, shareSlug: null, viewCount: 0 };
      return { isShared: true, shareUrl: urlOf(row.slug), shareSlug: row.slug, viewCount: row.viewCount };
    },
    async disable(q: { tenantId: string; fileId: string }): Promise<{ success: true }> {
      await requireFile(q);
      await repository.disable({ ...q, now: now() });
      return { success: true };
    },
    async regenerate(q: { tenantId: string; fileId: string }): Promise<ShareLinkAnswer> {
      await requireFile(q);
      const slug = await repository.replaceSlug({ ...q, slug: newSlug(), now: now() });
      if (!slug) throw sharesErrors.notShared();
      return link(slug);
    },
    /** Live shared documents for the sitemap: their addresses and last edits, newest first. */
    async listShared(limit: number): Promise<Array<{ url: string; lastModified: Date }>> {
      const rows = await repository.listShared({ limit });
      return rows.map((r) => ({ url: urlOf(r.slug), lastModified: r.contentUpdatedAt }));
    },
    /** The shared document, or 404 share_not_found (the same for unknown, switched-off and replaced slugs). */
    async read(slug: string): Promise<SharedDocument> {
      const row = SLUG_SHAPE.test(slug) ? await repository.findShared(slug) : null;
      if (!row) throw sharesErrors.shareNotFound();
      return presentShared(row);
    },
    /**
     * What 'Make a copy' takes from a live share into the reader's own account: the title and the
     * text with its AI provenance (so the copy's authorship stays true), without images (they are
     * the author's files, docs/SHARING.md "Make a copy"). 404 share_not_found as read.
     */
    async contentForCopy(slug: string): Promise<{ title: string; content: DocContent; metadata: FileMetadata }> {
      const row = SLUG_SHAPE.test(slug) ? await repository.findShared(slug) : null;
      if (!row) throw sharesErrors.shareNotFound();
      const title = displayName(row.name);
      return {
        title,
        content: { ...withoutImages(row.content as DocJSON), type: 'doc' as const },
        metadata: { originalName: title, importedAt: now().toISOString() },
      };
    },
    /**
     * Like read, for the server-rendered page. A found page counts one view when `reader` is given
     * (a GET), is a person's browser (no link preview or crawler) and this reader has not been
     * counted for this share in the last day (docs/SHARING.md "Views").
     */
    async view({
      slug,
      reader,
    }: {
      slug: string;
      reader: { ip: string; userAgent: string } | null;
    }): Promise<{ document: SharedDocument; slug: string } | null> {
      const row = SLUG_SHAPE.test(slug) ? await repository.findShared(slug) : null;
      if (!row) return null;
      if (reader && !isLinkPreviewBot(reader.userAgent)) {
        const { hits } = await counters.hit({ key: shareReaderKey({ slug, ...reader }), windowMs: SHARE_VIEW_WINDOW_MS, at: now() });
        if (hits === 1) await repository.countView(slug);
      }
      return { document: presentShared(row), slug };
    },
  };
}
export type SharesService = ReturnType<typeof createSharesService>;
