import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';
import type { FilesPort, VoiceSample } from '../files/files.port';
import { voiceProfiles, type VoiceProfileRow } from './voice.table';

export type { VoiceSample };

/** Bounds on what one analysis reads, so a huge repository cannot exhaust memory. */
const MAX_SAMPLES = 400;
const MAX_PASSAGE_SOURCES = 3;

export type VoiceProfileUpdate = Partial<Omit<VoiceProfileRow, 'tenantId'>>;

/**
 * Data access of voice profiles and samples. Every tenant function puts tenantId in its WHERE.
 * The samples are documents: read through the files module's port (which owns `VOICE_SAMPLE_SQL`).
 */
export function createVoiceRepository({ db, files }: { db: Db; files: FilesPort }) {
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
    hasSamples: ({ tenantId }: { tenantId: string }): Promise<boolean> => files.hasVoiceSamples({ tenantId }),

    /** The tenant's samples, newest first. */
    listSamples: ({ tenantId }: { tenantId: string }): Promise<VoiceSample[]> => files.listVoiceSamples({ tenantId, limit: MAX_SAMPLES }),

    /** Samples most like a query (the most recent when nothing matches); only this tenant's files are ever read. */
    similarSamples: ({ tenantId, query }: { tenantId: string; query: string }): Promise<string[]> =>
      files.similarVoiceSamples({ tenantId, query, limit: MAX_PASSAGE_SOURCES }),

    /**
     * Tenants whose samples changed since their last analysis (newer edits, or a different number
     * of samples, which also catches deletions and re-tagging), plus tenants with samples but no
     * analysis yet. A maintenance query across tenants; profiles being analysed are skipped.
     */
    async tenantsNeedingRefresh({ limit }: { limit: number }): Promise<string[]> {
      const rows = await selectRows<{ tenant_id: string }>(
        db,
        sql`with s as (${files.voiceSampleCounts()})
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
