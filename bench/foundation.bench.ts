// Foundation benchmarks: cold start of `npm start` to the first healthy answer, and the cost of
// sign-in + tenancy checks on GET /api/tenant/status against a bare route running the same query.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/db';
import { createIdentity } from '../apps/server/src/modules/identity/identity';
import { signUp } from '../apps/server/test/auth-helpers';
import { loadTest, report } from './lib';

async function coldStart(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bree-bench-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function authOverhead(): Promise<void> {
  const config = loadConfig({ PORT: '3391', PUBLIC_URL: 'http://127.0.0.1:3391', LOG_LEVEL: 'silent' });
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const identity = await createIdentity({ config, database });
  const app = await buildApp({ config, database, identity });
  await app.listen({ port: 3391, host: '127.0.0.1' });
  const { accessToken, sub } = await signUp(app, { email: 'bench@example.com', password: 'bench password' });

  // Baseline: a bare Fastify JSON route running the same query, no auth, no tenancy.
  const bare = Fastify();
  bare.get('/status', async () => {
    const rows = await database.query<{ initialized_at: string | null }>('select initialized_at from tenants where id = $1', [sub]);
    return { tenantId: sub, initialized: Boolean(rows[0]?.initialized_at) };
  });
  await bare.listen({ port: 3392, host: '127.0.0.1' });

  const base = await loadTest({ url: 'http://127.0.0.1:3392/status' });
  const real = await loadTest({ url: 'http://127.0.0.1:3391/api/tenant/status', headers: { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub } });
  report('authenticated GET /api/tenant/status', real.rps, base.rps, 'req/s', '≥ 0.70×');
  console.log(`  p99 latency: ${real.p99} ms (bare ${base.p99} ms)`);
  await bare.close();
  await app.close();
  await identity.close();
  await database.close();
}

const runs: number[] = [];
for (let i = 0; i < 3; i++) runs.push(await coldStart());
const best = Math.min(...runs);
console.log(
  `cold start (npm start, already built) to first 200 on /api/health: ${runs.map((r) => (r / 1000).toFixed(2)).join(' s, ')} s (best ${(best / 1000).toFixed(2)} s; target < 5 s)`,
);
await authOverhead();
