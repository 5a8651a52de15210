import type { Metrics } from '../modules/metrics/metrics';
import { queueReader } from './jobs.metrics';
import type { TranscriptionService } from '../modules/transcription/transcription.service';
import type { FeedbackService } from '../modules/feedback/feedback.service';
import type { BillingService } from '../modules/billing/billing.service';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/db';
import type { OperationJobQueue } from '../modules/ai/operations/operations.queue';
import type { SaveReceipts } from '../modules/files/files.save-receipts';
import type { TrashService } from '../modules/files/files.trash';
import type { ReplayService } from '../modules/replays/replays.service';
import { BOSS_SCHEMA } from './boss';
import { openLeasedQueue, type LeasedQueueTimings } from './leased-queue';
import type { VersionsService } from '../modules/versions/versions.service';
import type { VoiceService } from '../modules/voice/voice.service';
import type { SemanticSearchService } from '../modules/search/semantic/semantic.service';
import type { RateLimitCounters } from '../modules/rate-limits/rate-limits.repository';
import type { GrantsService } from '../modules/grants/grants.service';
import { HOLD_LEASE_SECONDS } from '../modules/usage/usage.holds';
import type { UsageService } from '../modules/usage/usage.service';

/** Queue names of Bree's background work. */
export const QUEUES = {
  maintenance: 'maintenance',
  voiceAnalyze: 'voice-analyze',
  voiceRefresh: 'voice-refresh',
  searchIndex: 'search-index',
  holdSweep: 'usage-hold-sweep',
} as const;

/**
 * The index of meaning search follows edits within about a minute of a document resting: each run
 * embeds only documents whose text changed (a hash per document and model), so a quiet minute costs one query.
 */
const SEARCH_INDEX_CRON = '* * * * *';

/** Edits settle in minutes; re-learning the voice more often would only spend the author's budget. */
const VOICE_REFRESH_CRON = '*/5 * * * *';

/** What the hourly maintenance asks of the modules; each owns its rule (what is old, what to thin). */
export interface MaintenanceServices {
  versions: Pick<VersionsService, 'thin'>;
  /** Answers of X-Operation-Id requests past 24 h. */
  replays: Pick<ReplayService, 'sweep'>;
  /** Answers of content saves past 24 h. */
  saveReceipts: Pick<SaveReceipts, 'sweep'>;
  /** Documents deleted 30 days ago or more, deleted for good with their versions. */
  trash: Pick<TrashService, 'purge'>;
  /** Closed months' pay-as-you-go calls, sent to Stripe as meter events. */
  billing: Pick<BillingService, 'reportPayAsYouGo' | 'sendUsageNotices'>;
  /** Unpreserved feedback 14 days old, deleted with its files. */
  feedback: Pick<FeedbackService, 'expire'>;
  /** 'Transcribing…' marks left by a server that stopped mid-dictation. */
  transcription: Pick<TranscriptionService, 'clearStaleMarks'>;
  /** Rate-limit counters whose window has ended. */
  rateLimits: Pick<RateLimitCounters, 'sweep'>;
  /** Invitations to documents past their 7 days (docs/SHARING.md "People"). */
  grants: Pick<GrantsService, 'sweepInvitations'>;
  /** Budget held by calls whose process died mid-call (a chat reply, a dictation's polish): given back every minute. */
  usage: Pick<UsageService, 'sweepHolds'>;
}

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on Bree's own database (PGlite through `executeSql`, or PostgreSQL) and the
 * hourly maintenance: version thinning, forgetting remembered answers (of X-Operation-Id
 * requests, and the save receipts) older than 24 h, and emptying the Trash of documents deleted 30 days ago, deleting unpreserved feedback 14 days old. Handlers only call module services. With the voice service:
 * voice analyses as 'voice-analyze' jobs, and a scheduled 'voice-refresh' that re-learns the voice of
 * tenants whose samples changed since their last analysis (polling beats hooking every file write).
 */
export async function startJobs({
  database,
  maintenance,
  voice,
  ai,
  search,
  metrics,
  log,
}: {
  /** Where pg-boss keeps its queues. */
  database: Database;
  maintenance: MaintenanceServices;
  voice?: VoiceService;
  /** AI operations as jobs: their queue (modules/ai/operations/operations.queue.ts) starts delivering here; the delays are shortened by tests. */
  ai?: { queue: OperationJobQueue } & LeasedQueueTimings;
  /** Search by meaning: its index runs as 'search-index' jobs (one at a time), every minute and once at start. */
  search?: Pick<SemanticSearchService, 'indexStale' | 'availability'>;
  /** The process's metrics: the queues' depth and age are read from pg-boss's tables at each scrape (jobs.metrics.ts). */
  metrics?: Pick<Metrics, 'readQueuesWith'>;
  log: FastifyBaseLogger;
}): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: BOSS_SCHEMA });
  boss.on('error', (err: unknown) => log.error({ err }, 'background jobs error'));
  // Processes starting together on a new database would deadlock creating the queues: one at a time (db.ts).
  await database.withStartupLock(async () => {
    await boss.start();
    await boss.createQueue(QUEUES.maintenance);
    await boss.schedule(QUEUES.maintenance, '17 * * * *');
    await boss.work(QUEUES.maintenance, async () => {
      const thinned = await maintenance.versions.thin();
      const forgotten = await maintenance.replays.sweep();
      await maintenance.saveReceipts.sweep();
      const purged = await maintenance.trash.purge();
      const metered = await maintenance.billing.reportPayAsYouGo();
      const noticesMailed = await maintenance.billing.sendUsageNotices();
      const expiredFeedback = await maintenance.feedback.expire();
      const staleTranscribing = await maintenance.transcription.clearStaleMarks();
      const expiredRateLimits = await maintenance.rateLimits.sweep();
      const expiredInvitations = await maintenance.grants.sweepInvitations();
      log.info(
        { thinned, forgotten, purged, metered, noticesMailed, expiredFeedback, staleTranscribing, expiredRateLimits, expiredInvitations },
        'maintenance done',
      );
    });
    await startHoldSweeps({ boss, usage: maintenance.usage, log });
    if (voice) await startVoiceJobs({ boss, voice, log });
    if (search?.availability().available) await startSearchIndexJobs({ boss, search, log });
    if (ai) {
      const { queue, ...timings } = ai;
      // The module gets its leased queue, never pg-boss (leased-queue.ts).
      await queue.start({ log, open: (spec) => openLeasedQueue({ boss, database, spec, timings }) });
    }
  });
  metrics?.readQueuesWith(queueReader(database));
  // From here on, AI operations started here are jobs another process can follow and take over.
  log.info('background jobs started');
  return {
    boss,
    async stop() {
      voice?.queue.stop();
      await ai?.queue.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/**
 * The sweep of holds left by a process killed mid-call: every minute, never two at once
 * ('singleton'), once at start (holds of a deployment that was down) and once a lease after it
 * (holds of a process that died just before this one started, whose lease was still running).
 * Operations' holds are not swept: their jobs are taken over and settle them.
 */
async function startHoldSweeps({ boss, usage, log }: { boss: PgBoss; usage: Pick<UsageService, 'sweepHolds'>; log: FastifyBaseLogger }): Promise<void> {
  await boss.createQueue(QUEUES.holdSweep, { name: QUEUES.holdSweep, policy: 'singleton' });
  await boss.schedule(QUEUES.holdSweep, '* * * * *');
  await boss.work(QUEUES.holdSweep, async () => {
    const released = await usage.sweepHolds();
    if (released > 0) log.info({ released }, 'holds of stopped calls given back');
  });
  await boss.send(QUEUES.holdSweep, {});
  await boss.send(QUEUES.holdSweep, {}, { startAfter: HOLD_LEASE_SECONDS + 1 });
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

/**
 * The index of meaning search: a run every minute and one at start (documents edited while Bree
 * was down, or all of them after AI_EMBEDDING_MODEL changed), never two at once ('singleton').
 */
async function startSearchIndexJobs({
  boss,
  search,
  log,
}: {
  boss: PgBoss;
  search: Pick<SemanticSearchService, 'indexStale'>;
  log: FastifyBaseLogger;
}): Promise<void> {
  await boss.createQueue(QUEUES.searchIndex, { name: QUEUES.searchIndex, policy: 'singleton' });
  await boss.schedule(QUEUES.searchIndex, SEARCH_INDEX_CRON);
  await boss.work(QUEUES.searchIndex, async () => {
    const run = await search.indexStale({ log });
    if (run.indexed + run.failed + run.removed > 0) log.info(run, 'search index updated');
  });
  await boss.send(QUEUES.searchIndex, {});
}
