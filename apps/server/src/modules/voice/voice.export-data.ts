import { checkSettingsSchema } from '@bree/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { voiceProfiles, type VoiceProfileRow } from './voice.table';

/**
 * The voice's part of 'Export all my data' and of `npm run import-account` (docs/ACCOUNT.md
 * "Export all my data"): the stored profile (with the Checks settings), and an imported style guide,
 * notes and Checks settings.
 */
export function createVoiceExportData({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    /** The tenant's profile as stored, or null when Bree has not learned the voice yet. */
    async profile({ tenantId }: { tenantId: string }): Promise<VoiceProfileRow | null> {
      const rows = await db.select().from(voiceProfiles).where(eq(voiceProfiles.tenantId, tenantId)).limit(1);
      return rows[0] ?? null;
    },
    /**
     * Sets the tenant's style guide, notes and Checks settings from an imported profile (the
     * measures come from the next analysis); settings this Bree does not accept are left out.
     */
    async importProfile({
      tenantId,
      styleGuide,
      userNotes,
      checkSettings,
    }: {
      tenantId: string;
      styleGuide: string;
      userNotes: string;
      checkSettings?: unknown;
    }): Promise<void> {
      const settings = checkSettingsSchema.safeParse(checkSettings);
      const set = { styleGuide, userNotes, updatedAt: now(), ...(settings.success ? { checkSettings: settings.data } : {}) };
      await db
        .insert(voiceProfiles)
        .values({ tenantId, ...set })
        .onConflictDoUpdate({ target: voiceProfiles.tenantId, set });
    },
  };
}
export type VoiceExportData = ReturnType<typeof createVoiceExportData>;
