// Cold start: a built Bree (`node scripts/start.mjs`, as `npm start` runs it) from spawn to its
// first 200 on /api/health, on a new data directory (target under 5 s: the embedded database is
// unpacked from the install's migrated template, which the first of these starts makes when the
// install has none yet) and on an existing one (target under 3 s). Baseline: a bare Node HTTP
// server from spawn to its first 200, in the same run. Both are polled the same way.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { removeDataDir, startBree } from '../apps/web/e2e/fixtures/server';
import { report } from './lib';

const RUNS = Number(process.env.BENCH_COLD_START_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Spawn to first 200 of a minimal Node HTTP server. */
async function bareNode(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port})`], { stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(`http://localhost:${port}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill();
  }
}

async function bree(dataDir?: string): Promise<{ ms: number; dataDir: string }> {
  const started = performance.now();
  const server = await startBree({ ...(dataDir ? { dataDir } : {}), env: { LOG_LEVEL: 'silent' } });
  const ms = performance.now() - started;
  await server.stop();
  return { ms, dataDir: server.dataDir };
}

const baseline: number[] = [];
const fresh: number[] = [];
const existing: number[] = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(await bareNode());
  const first = await bree();
  fresh.push(first.ms);
  existing.push((await bree(first.dataDir)).ms);
  removeDataDir(first.dataDir);
}
report('cold start to first /api/health 200, new data directory', median(fresh), median(baseline), 'ms', 'under 5000 ms');
report('cold start to first /api/health 200, existing data directory', median(existing), median(baseline), 'ms', 'under 3000 ms');
