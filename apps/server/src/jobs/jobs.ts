import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/db';
import { createFilesRepository } from '../modules/files/files.repository';
import type { VersionsService } from '../modules/versions/versions.service';

/** Queue names of Bree's background work. */
export const QUEUES = { maintenance: 'maintenance' } as const;

/** How long a save's answer is kept for replays of the same operationId. */
const OPERATION_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on Bree's own database (PGlite through `executeSql`, or PostgreSQL) and the
 * hourly maintenance: version thinning and forgetting old save answers.
 */
export async function startJobs({ database, versions, log, now = () => new Date() }: { database: Database; versions: VersionsService; log: FastifyBaseLogger; now?: () => Date }): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schema: 'pgboss' });
  boss.on('error', (err: unknown) => log.error({ err }, 'background jobs error'));
  await boss.start();
  await boss.createQueue(QUEUES.maintenance);
  await boss.schedule(QUEUES.maintenance, '17 * * * *');
  await boss.work(QUEUES.maintenance, async () => {
    const thinned = await versions.thin();
    await createFilesRepository({ db: database.db }).purgeOperations({ olderThan: new Date(now().getTime() - OPERATION_MEMORY_MS) });
    log.info({ thinned }, 'maintenance done');
  });
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
