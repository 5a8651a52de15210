// Load held: 200 writers autosaving distinct documents for 60 s against real Bree processes
// (`node scripts/start.mjs`, as `npm start` runs it), loopback only.
// - One process on PGlite and one on PostgreSQL (BENCH_DATABASE_URL): errors (target 0), saves
//   per second and p99 save latency, each against the same writers' raw revision-checked UPDATE
//   from this process at the same concurrency; the server's memory before, and after the run settles.
// - Two processes on one PostgreSQL against one: the throughput ratio (target ≥ 1.6×).
// - For each run, where the machine's CPU went (each Bree process, this generator, PostgreSQL), in
//   cores: a second process adds throughput only where the first left CPU unused.
// BENCH_LOAD_WRITERS and BENCH_LOAD_SECONDS shorten a trial run.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, type Database } from '../apps/server/src/db/db';
import { createIdentity } from '../apps/server/src/modules/identity/identity';
import { createServices } from '../apps/server/src/services';
import { signUp } from '../apps/server/test/auth-helpers';
import { removeDataDir, startBree, type BreeServer } from '../apps/web/e2e/fixtures/server';
import { describeCpu, draft, machineCpu, percentile, processCpuTicks, residentMegabytes, runWriters, type LoadFigures, type Writer } from './support/load';

const WRITERS = Number(process.env.BENCH_LOAD_WRITERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** Every process answers as one installation: the tokens made here are valid on each. */
const PUBLIC_URL = 'http://localhost:3999';
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs the writers up and gives each a document, through one in-process Bree on the database. */
async function prepare(database: Database): Promise<Writer[]> {
  const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: 'silent' });
  const identity = await createIdentity({ config, database });
  const services = createServices({ database });
  const app = await buildApp({ config, database, identity, services });
  await app.ready();
  const writers: Writer[] = [];
  for (let start = 0; start < WRITERS; start += 10) {
    const batch = Array.from({ length: Math.min(10, WRITERS - start) }, async (_, k) => {
      const { accessToken, sub } = await signUp(app, { email: `writer${start + k}@example.com`, password: 'load bench password' });
      const headers = { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub };
      const created = await app.inject({ method: 'POST', url: '/api/files/create', headers, payload: { filePath: `Chapter ${start + k}`, content: draft(0) } });
      if (created.statusCode !== 200) throw new Error(created.body);
      const file = created.json().file as { id: string; revision: number };
      return { headers, fileId: file.id, revision: file.revision };
    });
    writers.push(...(await Promise.all(batch)));
  }
  await app.close();
  await identity.close();
  return writers;
}

/** The baseline: the same writers' documents updated with a raw revision-checked UPDATE, same concurrency. */
async function rawUpdates(database: Database, writers: Writer[], seconds: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    writers.map(async (writer) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const rows = await database.query<{ revision: number }>(
          'update files set content = $3::jsonb, revision = revision + 1, updated_at = now(), content_updated_at = now() where id = $1 and revision = $2 returning revision',
          [writer.fileId, writer.revision, JSON.stringify(draft((n += 1)))],
        );
        latencies.push(performance.now() - t0);
        writer.revision = rows[0]!.revision;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    saves: latencies.length,
    errors: 0,
    firstError: null,
    savesPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

function print(label: string, bree: LoadFigures, raw: LoadFigures): void {
  console.log(
    `${label}: ${bree.saves} saves, ${bree.errors} errors (target 0)${bree.firstError ? ` — first: ${bree.firstError}` : ''}\n` +
      `  throughput ${bree.savesPerSecond.toFixed(0)} saves/s vs raw UPDATE ${raw.savesPerSecond.toFixed(0)}/s → ${(raw.savesPerSecond / bree.savesPerSecond).toFixed(2)}× slower\n` +
      `  p99 ${bree.p99.toFixed(1)} ms vs raw ${raw.p99.toFixed(1)} ms → ratio ${(bree.p99 / raw.p99).toFixed(2)}× (p50 ${bree.p50.toFixed(1)} ms vs ${raw.p50.toFixed(1)} ms)`,
  );
}

/** Runs the writers against the processes; reports the figures and the first process's memory. */
async function measure(label: string, servers: BreeServer[], writers: Writer[], raw: LoadFigures): Promise<LoadFigures> {
  await runWriters(
    writers,
    servers.map((s) => s.url),
    Math.min(10, SECONDS),
  ); // warm-up: JIT, pools, caches
  await settle(3000);
  const before = servers.map((s) => residentMegabytes(s.pid));
  const cpuFrom = { machine: machineCpu(), processes: servers.map((s) => processCpuTicks(s.pid)), generator: processCpuTicks(process.pid) };
  const figures = await runWriters(
    writers,
    servers.map((s) => s.url),
    SECONDS,
  );
  const cpu = describeCpu({
    cores: os.cpus().length,
    from: cpuFrom.machine,
    to: machineCpu(),
    processes: servers.map((s, i) => ({ from: cpuFrom.processes[i]!, to: processCpuTicks(s.pid) })),
    generator: { from: cpuFrom.generator, to: processCpuTicks(process.pid) },
  });
  const right = servers.map((s) => residentMegabytes(s.pid));
  await settle(10_000);
  const after = servers.map((s) => residentMegabytes(s.pid));
  print(label, figures, raw);
  console.log(`  ${cpu}`);
  servers.forEach((_, i) =>
    console.log(
      `  memory of process ${i + 1}: ${before[i]!.toFixed(0)} MB before, ${right[i]!.toFixed(0)} MB at the end, ${after[i]!.toFixed(0)} MB settled (${(((after[i]! - before[i]!) / before[i]!) * 100).toFixed(1)} %)`,
    ),
  );
  return figures;
}

async function onPGlite(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bree-load-'));
  const database = await createDatabase({ url: undefined, dataDir });
  await database.migrate();
  const writers = await prepare(database);
  const raw = await rawUpdates(database, writers, Math.min(15, SECONDS));
  await database.close();
  const server = await startBree({ dataDir, env: { PUBLIC_URL, LOG_LEVEL: 'silent' } });
  try {
    console.log(`\n## PGlite, one process, ${writers.length} writers, ${SECONDS} s`);
    await measure('PGlite', [server], writers, raw);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

async function onPostgres(url: string): Promise<void> {
  const database = await createDatabase({ url, dataDir: 'memory://' });
  for (const schema of ['public', 'drizzle', 'pgboss']) await database.query(`drop schema if exists ${schema} cascade`);
  await database.query('create schema public');
  await database.migrate();
  const writers = await prepare(database);
  const raw = await rawUpdates(database, writers, Math.min(15, SECONDS));
  await database.close();
  const env = { PUBLIC_URL, LOG_LEVEL: 'silent', DATABASE_URL: url };
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'bree-load-')), mkdtempSync(path.join(os.tmpdir(), 'bree-load-'))];
  const first = await startBree({ dataDir: dirs[0], env });
  try {
    console.log(`\n## PostgreSQL, one process, ${writers.length} writers, ${SECONDS} s`);
    const one = await measure('PostgreSQL, 1 process', [first], writers, raw);
    const second = await startBree({ dataDir: dirs[1], env });
    try {
      console.log(`\n## PostgreSQL, two processes, ${writers.length} writers, ${SECONDS} s`);
      const two = await measure('PostgreSQL, 2 processes', [first, second], writers, raw);
      console.log(
        `2 processes vs 1: ${two.savesPerSecond.toFixed(0)} vs ${one.savesPerSecond.toFixed(0)} saves/s → ratio ${(two.savesPerSecond / one.savesPerSecond).toFixed(2)}× (target ≥ 1.6×, on ${os.cpus().length} cores shared with PostgreSQL and this load generator)`,
      );
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
    dirs.forEach(removeDataDir);
  }
}

await onPGlite();
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await onPostgres(pgUrl);
else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same figures on PostgreSQL, and two processes against one)');
