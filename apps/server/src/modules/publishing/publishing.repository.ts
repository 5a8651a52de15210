import type { PostCategory, PublishingDraft } from '@bree/contracts';
import type { Database } from '../../db/db';
import { documentsRelation } from '../files/files.port';

/** The live documents, through the files module's port (it owns the files row). */
const DOCUMENTS = documentsRelation({ columns: ['id', 'tenant_id', 'name', 'content', 'content_updated_at', 'word_count', 'metadata', 'is_listed'] });
const DOCUMENT_IDS = documentsRelation({ columns: ['id', 'metadata'] });

/**
 * Documents the publishing manager lists (docs/PRODUCT.md#admin): live, not unassigned, not a variant and not
 * a workspace, and with no status or a claim status ('claimed', then 'named' once it took its name
 * from its first line: the same blank document, further along).
 */
const ELIGIBLE = `f.tenant_id = $1 and f.is_listed
  and coalesce(f.metadata->>'isMaster', 'false') <> 'true'
  and coalesce(f.metadata->>'isWorkspaceMaster', 'false') <> 'true'
  and coalesce(f.metadata->>'workspaceId', '') = ''
  and coalesce(f.metadata->>'masterFileId', '') = ''
  and (f.metadata->>'status' is null or f.metadata->>'status' in ('claimed', 'named'))`;

/** The most documents the manager lists at once, newest first. */
const LIST_LIMIT = 500;

export interface PostRecord {
  file_id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: PostCategory;
  status: 'draft' | 'published';
  published_at: Date | string | null;
  updated_at: Date | string;
}
export interface EligibleRecord {
  file_id: string;
  name: string;
  content_updated_at: Date | string;
  word_count: number;
}
export interface PublishedRecord extends PostRecord {
  content: unknown;
  /** The document's authenticity tag, shown as the post's tag; null when untagged. */
  tag: string | null;
}

const POST_COLUMNS = 'p.file_id, p.title, p.slug, p.excerpt, p.category, p.status, p.published_at, p.updated_at';
/** A published post with its text and its document's tag ('Untagged' is no tag). */
const PUBLISHED_COLUMNS = `${POST_COLUMNS}, p.content, nullif(f.metadata->>'authenticity', 'Untagged') as tag`;

/** Data access of posts; the manager's reads are keyed by the publishing tenant, the public reads by category and slug. */
export function createPublishingRepository({ query }: { query: Database['query'] }) {
  return {
    async listEligible({ tenantId }: { tenantId: string }) {
      return query<EligibleRecord & { post_file_id: string | null } & Partial<PostRecord>>(
        `select f.id as file_id, f.name, f.content_updated_at, f.word_count, p.file_id as post_file_id,
           p.title, p.slug, p.excerpt, p.category, p.status, p.published_at, p.updated_at
         from ${DOCUMENTS} f left join publishing_posts p on p.tenant_id = f.tenant_id and p.file_id = f.id
         where ${ELIGIBLE} order by f.content_updated_at desc, f.id desc limit ${LIST_LIMIT}`,
        [tenantId],
      );
    },

    async findEligible({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const rows = await query<EligibleRecord & { content: unknown }>(
        `select f.id as file_id, f.name, f.content_updated_at, f.word_count, f.content from ${DOCUMENTS} f where ${ELIGIBLE} and f.id = $2`,
        [tenantId, fileId],
      );
      return rows[0] ?? null;
    },

    /** True when another document's post of this category has the slug. */
    async slugTaken({ tenantId, fileId, draft }: { tenantId: string; fileId: string; draft: PublishingDraft }) {
      const rows = await query('select 1 from publishing_posts where category = $1 and slug = $2 and not (tenant_id = $3 and file_id = $4)', [
        draft.category,
        draft.slug,
        tenantId,
        fileId,
      ]);
      return rows.length > 0;
    },

    /** Saves the draft; with `content`, publishes it too (keeping the first publishing date while it stays published). */
    async save(q: { tenantId: string; fileId: string; draft: PublishingDraft; content?: unknown; now: Date }): Promise<PostRecord> {
      const publish = q.content !== undefined;
      const rows = await query<PostRecord>(
        `insert into publishing_posts as p (tenant_id, file_id, title, slug, excerpt, category, status, content, published_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, case when $7 then 'published' else 'draft' end, $8::jsonb, case when $7 then $9::timestamptz end, $9, $9)
         on conflict (tenant_id, file_id) do update set title = $3, slug = $4, excerpt = $5, category = $6, updated_at = $9,
           status = case when $7 then 'published' else p.status end,
           content = case when $7 then $8::jsonb else p.content end,
           published_at = case when $7 and p.status = 'published' then p.published_at when $7 then $9::timestamptz else p.published_at end
         returning ${POST_COLUMNS}`,
        [
          q.tenantId,
          q.fileId,
          q.draft.title,
          q.draft.slug,
          q.draft.excerpt,
          q.draft.category,
          publish,
          publish ? JSON.stringify(q.content) : null,
          q.now.toISOString(),
        ],
      );
      return rows[0]!;
    },

    /** Takes the post off the public pages at once; null when it was not published. */
    async unpublish({ tenantId, fileId, now }: { tenantId: string; fileId: string; now: Date }): Promise<PostRecord | null> {
      const rows = await query<PostRecord>(
        `update publishing_posts p set status = 'draft', content = null, published_at = null, updated_at = $3
         where tenant_id = $1 and file_id = $2 and status = 'published' returning ${POST_COLUMNS}`,
        [tenantId, fileId, now.toISOString()],
      );
      return rows[0] ?? null;
    },

    /** Published posts of a category, newest first; a post whose document is in the Trash is hidden. */
    async listPublished({ category, limit }: { category: PostCategory; limit: number }): Promise<PublishedRecord[]> {
      return query<PublishedRecord>(
        `select ${PUBLISHED_COLUMNS} from publishing_posts p join ${DOCUMENT_IDS} f on f.id = p.file_id
         where p.category = $1 and p.status = 'published' order by p.published_at desc, p.file_id desc limit $2`,
        [category, limit],
      );
    },

    async findPublished({ category, slug }: { category: PostCategory; slug: string }): Promise<PublishedRecord | null> {
      const rows = await query<PublishedRecord>(
        `select ${PUBLISHED_COLUMNS} from publishing_posts p join ${DOCUMENT_IDS} f on f.id = p.file_id
         where p.category = $1 and p.slug = $2 and p.status = 'published'`,
        [category, slug],
      );
      return rows[0] ?? null;
    },
  };
}
export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
