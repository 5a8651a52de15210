import { CHECKS_IGNORED_MAX } from '@bree/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';
import { filesErrors } from './files.errors';

/** The metadata's list as an array, whatever an old or hand-edited row holds there. */
const IGNORED = sql.raw(`(case when jsonb_typeof(metadata->'checksIgnored') = 'array' then metadata->'checksIgnored' else '[]'::jsonb end)`);

/**
 * The Checks findings ignored in a document (docs/CHECKS.md "Settings and what is remembered"):
 * their ids in the document's metadata (`checksIgnored`, oldest first), so they travel with the
 * document through the Trash, export and import, and leave with it. Each change is one statement,
 * so two ignores at once both stay; it leaves `updated_at` alone (ignoring a finding edits nothing).
 */
export function createChecksIgnored({ db }: { db: Db }) {
  return {
    /** The ids ignored in a live document of the tenant; file_not_found otherwise (another tenant's too). */
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<string[]> {
      const rows = await selectRows<{ ignored: string[] }>(
        db,
        sql`select ${IGNORED} as ignored from files where tenant_id = ${tenantId} and id = ${fileId} and deleted_at is null`,
      );
      if (!rows[0]) throw filesErrors.notFound(`with id ${fileId}`);
      return rows[0].ignored;
    },

    /**
     * Remembers (ignored) or forgets a finding; doing it twice changes nothing. Past
     * CHECKS_IGNORED_MAX ids the oldest is forgotten. Answers the list as stored.
     */
    async set({ tenantId, fileId, findingId, ignored }: { tenantId: string; fileId: string; findingId: string; ignored: boolean }): Promise<string[]> {
      const rows = await selectRows<{ ignored: string[] }>(
        db,
        sql`update files set metadata = metadata || jsonb_build_object('checksIgnored', coalesce((
              select jsonb_agg(v order by n) from (
                select v, n from (
                  select e.v, e.n::bigint as n from jsonb_array_elements_text(${IGNORED}) with ordinality as e(v, n)
                  where ${ignored}::boolean or e.v <> ${findingId}
                  union all
                  select ${findingId}::text, 9223372036854775807::bigint
                  where ${ignored}::boolean and not exists (select 1 from jsonb_array_elements_text(${IGNORED}) as x(v) where x.v = ${findingId})
                ) as every_id order by n desc limit ${CHECKS_IGNORED_MAX}
              ) as kept
            ), '[]'::jsonb))
            where tenant_id = ${tenantId} and id = ${fileId} and deleted_at is null
            returning metadata->'checksIgnored' as ignored`,
      );
      if (!rows[0]) throw filesErrors.notFound(`with id ${fileId}`);
      return rows[0].ignored;
    },
  };
}
export type ChecksIgnored = ReturnType<typeof createChecksIgnored>;
