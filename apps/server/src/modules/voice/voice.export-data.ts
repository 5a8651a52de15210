import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { voiceProfiles, type VoiceProfileRow } from './voice.table';

/** The voice's part of 'Export all my data' (docs/ACCOUNT.md "Export all my data"): the stored profile. */
export function createVoiceExportData({ db }: { db: Db }) {
  return {
    /** The tenant's profile as stored, or null when Bree has not learned the voice yet. */
    async profile({ tenantId }: { tenantId: string }): Promise<VoiceProfileRow | null> {
      const rows = await db.select().from(voiceProfiles).where(eq(voiceProfiles.tenantId, tenantId)).limit(1);
      return rows[0] ?? null;
    },
  };
}
export type VoiceExportData = ReturnType<typeof createVoiceExportData>;
