import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig } from './config';
import { dataDirProblem, lockDataDir } from './data-dir-check';
import { createDatabase, type Database } from './db/db';
import { answerDumpRequests } from './db/pglite-dump-requests';
import { checkPortFree } from './port-check';
import type * as JobsModule from './jobs/jobs';
import { startFailureText } from './startup-failure';

/**
 * The export renderers and the AI providers' code load this long after Bree starts serving: loading
 * them holds the event loop for a moment, and the first requests (a load balancer's health check,
 * a browser's first page) arrive right after the start.
 */
const LATE_LOAD_DELAY_MS = 3_000;

/** How long in-flight requests, job hand-back and closing the database may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** The database of this start, closed when the start fails: an embedded one an exiting process leaves open may not open again. */
let openedDatabase: Database | null = null;

/** Starts Bree: config → data dir lock → port check → database → migrations → sign-in → HTTP, and stops cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database serves one process: a second Bree on this DATA_DIR ends here, before it
  // opens anything in it (docs/DEPLOY.md). The database releases the lock when it closes.
  // A DATA_DIR that is a file or read-only ends the start here too, in one line (docs/DEPLOY.md).
  const lock = !config.databaseUrl && config.dataDir !== 'memory://' ? lockDataDir({ dataDir: config.dataDir }) : undefined;
  try {
    // A start whose port is taken ends before it creates or opens the database.
    await checkPortFree({ port: config.port, host: config.host });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir, lock }).catch((error: unknown) => {
    // A database folder in DATA_DIR this process may not use (made by another user) is named in one line too.
    throw (lock && dataDirProblem({ dataDir: config.dataDir, error })) || error;
  });
  openedDatabase = database;
  await database.migrate();
  // The app loads once nothing above can refuse the start: a refused start prints its one line
  // without loading the app (and without what its libraries print as they load).
  const [{ buildApp }, { createIdentity }, { createServices }, { loadExporters }, { startupSummary }, { createLifecycle }] = await Promise.all([
    import('./app'),
    import('./modules/identity/identity'),
    import('./services'),
    import('./modules/files/files.exporters'),
    import('./startup-summary'),
    import('./modules/system/system.lifecycle'),
  ]);
  const services = createServices({ database, config });
  const identity = await createIdentity({ config, database, notifications: services.notifications });
  const lifecycle = createLifecycle();
  const app = await buildApp({ config, database, identity, services, lifecycle, logger: { level: config.logLevel } });
  // `npm run backup` asks this process for the embedded database it holds (PGlite serves one process at a time).
  const stopAnsweringDumps =
    database.dumpEmbedded && config.dataDir !== 'memory://'
      ? answerDumpRequests({
          dataDir: config.dataDir,
          dump: () => database.dumpEmbedded!(),
          onError: (err: unknown) => app.log.error({ err }, 'backup dump failed'),
        })
      : null;
  // Starting or started: a stop waits for a start under way, so that it never closes the database under it.
  let jobs: Promise<Awaited<ReturnType<typeof JobsModule.startJobs>> | null> = Promise.resolve(null);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 first; a load balancer polling it stops sending before the listener closes.
    lifecycle.beginDrain();
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), config.drainDelayMs + SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      if (config.drainDelayMs > 0) await delay(config.drainDelayMs);
      // Stops accepting connections, lets in-flight requests finish (AI generations are handed back first).
      await app.close();
      await (await jobs.catch(() => null))?.stop();
      await identity.close();
      stopAnsweringDumps?.();
      await database.close();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(startupSummary({ config, databaseKind: database.kind, aiSetup: services.aiSetup, semantic: services.semantic.availability() }));
  // Said once, here: authors only see 'AI is not set up on this server' (administrators also see these notes in the settings).
  // Machines reading the structured log (not a terminal) get them as warnings too.
  if (config.requestLogs) for (const note of services.aiSetup.notes) app.log.warn({ tier: note.tier, model: note.model }, note.advice);
  const semantic = services.semantic.availability();
  // Meaning search without pgvector (or the model's provider) is worth a warning only when an operator asked for it.
  if (config.requestLogs && !semantic.available && config.ai.embeddingModel) app.log.warn({ reason: semantic.reason }, semantic.message);
  const adminNotice = await identity.adminNotice().catch((err: unknown) => {
    app.log.warn({ err }, 'could not check the ADMIN_EMAILS accounts');
    return null;
  });
  if (adminNotice) console.log(`  ${adminNotice}\n`);
  // Documents stored before the look-alike skeleton column (migration 0010) get theirs, while Bree serves:
  // until then the list simply has no 'Similar name' hint for them.
  void services.files.backfillNameSkeletons().catch((error: unknown) => app.log.error({ err: error }, 'name skeleton backfill failed'));
  // Background work starts once Bree is serving: installing pg-boss's schema on a new database
  // takes a moment that nobody should wait for. Until then voice analyses and AI operations run in this process.
  if (!stopping) {
    // pg-boss loads with them, after the listener opens.
    jobs = import('./jobs/jobs').then(({ startJobs }) =>
      startJobs({
        database,
        maintenance: services,
        voice: services.voice,
        ai: { queue: services.aiQueue },
        search: services.semantic,
        metrics: services.metrics,
        log: app.log.child({ module: 'jobs' }),
      }),
    );
    // A start that fails while Bree is being stopped is the stop's business, not a failed start.
    await jobs.catch((error: unknown) => {
      if (!stopping) throw error;
    });
  }
  // The export renderers and the AI providers' code are not needed to answer the first request:
  // they load once Bree serves, so neither the first download or shared page nor the first AI
  // call waits for them (one asked for before then loads what it needs itself).
  const loadLate = () => {
    void loadExporters().catch((error: unknown) => app.log.error({ err: error }, 'export renderers failed to load'));
    void services.preloadAi().catch((error: unknown) => app.log.error({ err: error }, 'AI provider code failed to load'));
  };
  if (!stopping) setTimeout(loadLate, LATE_LOAD_DELAY_MS).unref();
}

main().catch(async (error: unknown) => {
  // One line naming what to fix; the stack only at LOG_LEVEL=debug (docs/DEPLOY.md, 'When Bree does not start').
  console.error(startFailureText({ error, env: process.env }));
  await openedDatabase?.close().catch(() => undefined);
  process.exit(1);
});
