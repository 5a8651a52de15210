import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/db';
import { createFilesRepository } from '../modules/files/files.repository';
import type { DeliveryOptions, OperationJobQueue } from '../modules/ai/operations/operations.queue';
import { BOSS_SCHEMA } from './boss';
import type { VersionsService } from '../modules/versions/versions.service';
import type { VoiceService } from '../modules/voice/voice.service';

/** Queue names of Bree's background work. */
export const QUEUES = { maintenance: 'maintenance', voiceAnalyze: 'voice-analyze', voiceRefresh: 'voice-refresh' } as const;

/** Edits settle in minutes; re-learning the voice more often would only spend the author's budget. */
const VOICE_REFRESH_CRON = '*/5 * * * *';

/** How long a save's answer is kept for replays of the same operationId. */
const OPERATION_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on Bree's own database (PGlite through `executeSql`, or PostgreSQL) and the
 * hourly maintenance: version thinning and forgetting old save answers. With the voice service:
 * voice analyses as 'voice-analyze' jobs, and a scheduled 'voice-refresh' that re-learns the voice of
 * tenants whose samples changed since their last analysis (polling beats hooking every file write).
 */
export async function startJobs({
  database,
  versions,
  voice,
  ai,
  log,
  now = () => new Date(),
}: {
  database: Database;
  versions: VersionsService;
  voice?: VoiceService;
  /** AI operations as jobs: their queue (modules/ai/operations/operations.queue.ts) starts delivering here; the delays are shortened by tests. */
  ai?: { queue: OperationJobQueue } & Pick<DeliveryOptions, 'retryDelaySeconds' | 'pollingIntervalSeconds'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schema: BOSS_SCHEMA });
  boss.on('error', (err: unknown) => log.error({ err }, 'background jobs error'));
  await boss.start();
  await boss.createQueue(QUEUES.maintenance);
  await boss.schedule(QUEUES.maintenance, '17 * * * *');
  await boss.work(QUEUES.maintenance, async () => {
    const thinned = await versions.thin();
    await createFilesRepository({ db: database.db }).purgeOperations({ olderThan: new Date(now().getTime() - OPERATION_MEMORY_MS) });
    log.info({ thinned }, 'maintenance done');
  });
  if (voice) await startVoiceJobs({ boss, voice, log });
  if (ai) await ai.queue.start({ boss, log, retryDelaySeconds: ai.retryDelaySeconds, pollingIntervalSeconds: ai.pollingIntervalSeconds });
  return {
    boss,
    async stop() {
      voice?.queue.stop();
      await ai?.queue.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/** Voice analysis: one queued and one running job per tenant at most ('stately' with the tenant as key). */
async function startVoiceJobs({ boss, voice, log }: { boss: PgBoss; voice: VoiceService; log: FastifyBaseLogger }): Promise<void> {
  await boss.createQueue(QUEUES.voiceAnalyze, { name: QUEUES.voiceAnalyze, policy: 'stately' });
  await boss.createQueue(QUEUES.voiceRefresh);
  await boss.schedule(QUEUES.voiceRefresh, VOICE_REFRESH_CRON);
  await boss.work<{ tenantId: string }>(QUEUES.voiceAnalyze, async (jobs) => {
    for (const job of jobs) await voice.analyze({ tenantId: job.data.tenantId });
  });
  await boss.work(QUEUES.voiceRefresh, async () => {
    const queued = await voice.refresh();
    if (queued > 0) log.info({ queued }, 'voice refresh queued analyses');
  });
  // A send refused by the singleton policy means an analysis is already waiting: nothing to do.
  voice.queue.deliverWith(async (tenantId) => void (await boss.send(QUEUES.voiceAnalyze, { tenantId }, { singletonKey: tenantId })));
}
