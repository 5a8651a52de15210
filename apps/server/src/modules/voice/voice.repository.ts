import { eq, sql, type SQL } from 'drizzle-orm';
import { selectPreparedRows, selectRows, type Db } from '../../db/db';
import { files } from '../files/files.table';
import { VOICE_SAMPLE_SQL, voiceProfiles, type VoiceProfileRow } from './voice.table';

/** One sample document's text, newest first. */
export interface VoiceSample {
  id: string;
  contentText: string;
  updatedAt: Date;
}

/** Bounds on what one analysis reads, so a huge repository cannot exhaust memory. */
const MAX_SAMPLES = 400;
const MAX_PASSAGE_SOURCES = 3;

/** Which files teach the voice; every query using it reads the files table alone. */
const isSample: SQL = sql.raw(`(${VOICE_SAMPLE_SQL})`);

export type VoiceProfileUpdate = Partial<Omit<VoiceProfileRow, 'tenantId'>>;

/** Data access of voice profiles and samples. Every tenant function puts tenantId in its WHERE. */
export function createVoiceRepository({ db }: { db: Db }) {
  return {
    async findProfile({ tenantId }: { tenantId: string }): Promise<VoiceProfileRow | null> {
      const rows = await db.select().from(voiceProfiles).where(eq(voiceProfiles.tenantId, tenantId)).limit(1);
      return rows[0] ?? null;
    },

    /** Creates the tenant's profile row or updates the given fields of it. */
    async upsertProfile({ tenantId, set }: { tenantId: string; set: VoiceProfileUpdate }): Promise<VoiceProfileRow> {
      const rows = await db
        .insert(voiceProfiles)
        .values({ tenantId, ...set })
        .onConflictDoUpdate({ target: voiceProfiles.tenantId, set })
        .returning();
      return rows[0]!;
    },

    /** Whether the tenant has at least one sample. */
    async hasSamples({ tenantId }: { tenantId: string }): Promise<boolean> {
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(sql`${files.tenantId} = ${tenantId} and ${isSample}`)
        .limit(1);
      return rows.length > 0;
    },

    /** The tenant's samples, newest first. */
    async listSamples({ tenantId }: { tenantId: string }): Promise<VoiceSample[]> {
      return db
        .select({ id: files.id, contentText: files.contentText, updatedAt: files.updatedAt })
        .from(files)
        .where(sql`${files.tenantId} = ${tenantId} and ${isSample}`)
        .orderBy(sql`${files.updatedAt} desc, ${files.id} desc`)
        .limit(MAX_SAMPLES);
    },

    /**
     * Samples most like a query (full-text search, ranked by ts_rank); the most recent samples
     * when nothing matches. Only this tenant's files are ever read. The stored `voice_terms`
     * (set on samples only, so it also says "is a sample") spares parsing every sample per call.
     */
    async similarSamples({ tenantId, query }: { tenantId: string; query: string }): Promise<string[]> {
      // One query: samples matching the text first (best rank), then the most recent ones. Only
      // samples have terms, so the tenant's samples are all it reads; one round trip, prepared, as
      // this runs before every AI call's first token.
      const q = query.trim() ? sql`websearch_to_tsquery('english', ${query})` : sql`null::tsquery`;
      const rows = await selectPreparedRows<{ content_text: string }>(
        db,
        sql`select ${files.contentText} as content_text
            from ${files}, ${q} q
            where ${files.tenantId} = ${tenantId} and ${files.voiceTerms} is not null
            order by coalesce(${files.voiceTerms} @@ q, false) desc, coalesce(ts_rank(${files.voiceTerms}, q), 0) desc, ${files.updatedAt} desc, ${files.id} desc
            limit ${MAX_PASSAGE_SOURCES}`,
      );
      return rows.map((r) => r.content_text);
    },

    /**
     * Tenants whose samples changed since their last analysis (newer edits, or a different number
     * of samples, which also catches deletions and re-tagging), plus tenants with samples but no
     * analysis yet. A maintenance query across tenants; profiles being analysed are skipped.
     */
    async tenantsNeedingRefresh({ limit }: { limit: number }): Promise<string[]> {
      const rows = await selectRows<{ tenant_id: string }>(
        db,
        sql`with s as (
              select ${files.tenantId} as tenant_id, count(*)::int as n, max(${files.updatedAt}) as last
              from ${files} where ${isSample} group by ${files.tenantId}
            )
            select coalesce(s.tenant_id, p.tenant_id) as tenant_id
            from s full join ${voiceProfiles} p on p.tenant_id = s.tenant_id
            where coalesce(p.status, 'idle') <> 'analyzing'
              and (p.analyzed_at is null and s.n > 0
                or s.last > p.analyzed_at
                or coalesce(s.n, 0) <> coalesce(p.sample_count, 0))
            order by 1
            limit ${limit}`,
      );
      return rows.map((r) => r.tenant_id);
    },
  };
}
export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
