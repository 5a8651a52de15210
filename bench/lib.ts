import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/db';
import { createIdentity } from '../apps/server/src/modules/identity/identity';
import type { HeavyWork } from '../apps/server/src/lib/workers/heavy-work';
import { createServices } from '../apps/server/src/services';
import { signUp } from '../apps/server/test/auth-helpers';
import { spawn } from 'node:child_process';

/** Runs autocannon in its own process (so it does not steal the server's event loop) and returns req/s. */
export async function loadTest(opts: {
  url: string;
  headers?: Record<string, string>;
  seconds?: number;
  connections?: number;
}): Promise<{ rps: number; p99: number }> {
  const args = ['autocannon', '--json', '-d', String(opts.seconds ?? 5), '-c', String(opts.connections ?? 10)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(opts.url);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited ${code}`))));
  });
  const result = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`load test saw ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Prints one benchmark line: the figure, its baseline from the same run, the ratio and the target. */
export function report(name: string, value: number, baseline: number, unit: string, target: string): void {
  const ratio = value / baseline;
  console.log(`${name}: ${value.toFixed(2)} ${unit} vs baseline ${baseline.toFixed(2)} ${unit} → ratio ${ratio.toFixed(2)}× (target ${target})`);
}

/**
 * A Bree app on a fresh database (PGlite in memory, or the PostgreSQL at `url`, emptied first) with
 * one signed-up writer: what the in-process HTTP benchmarks measure against their raw SQL.
 * `heavyWork` replaces the app's worker threads (the heavy-requests benchmark's inline baseline).
 */
export async function benchApp(email: string, url: string | undefined, { heavyWork }: { heavyWork?: HeavyWork } = {}) {
  const database = await createDatabase({ url, dataDir: 'memory://' });
  if (url) {
    await database.query('drop schema if exists public cascade');
    await database.query('drop schema if exists drizzle cascade');
    await database.query('create schema public');
  }
  await database.migrate();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3999', LOG_LEVEL: 'silent' });
  const identity = await createIdentity({ config, database });
  const services = createServices({ database, heavyWork });
  const app = await buildApp({ config, database, identity, services });
  await app.ready();
  const { accessToken, sub } = await signUp(app, { email, password: 'bench password' });
  const headers = { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub };
  return { database, identity, services, app, sub, headers };
}
