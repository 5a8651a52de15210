import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverProcessArgs } from '../server-process';

/**
 * Several real Bree processes on one PostgreSQL behind a round-robin proxy, for tests of what a
 * team's deployment shares (docs/DEPLOY.md). Every multi-process test file reuses it:
 *
 *   const cluster = await startCluster({ count: 2, env: { AI_FAST_MODEL: 'openai-compatible:fake', … } });
 *   cluster.proxy.sendNextTo('B');   // the next request goes to B, then round-robin goes on
 *   await cluster.backends[0].kill(); // SIGKILL: a crash; .stop() is SIGTERM, the graceful drain
 *   await cluster.close();            // stops the rest, the proxy, and drops the database
 *
 * `env` reaches every process (a local fake provider's URL, shorter delays); a process that ends
 * leaves the proxy's rotation. Only where TEST_DATABASE_URL names a PostgreSQL server.
 */

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverRoot, '../..');

/** A database made for one test file on the server of TEST_DATABASE_URL, dropped by `drop()`. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a uniquely named, empty database next to TEST_DATABASE_URL's. */
export async function createScratchDatabase(prefix = 'bree_mp'): Promise<ScratchDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A free TCP port on 127.0.0.1 (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One Bree process running the server as `npm start` does (test/server-process.ts). */
export interface Backend {
  /** 'A', 'B', …: which process answered, in assertions. */
  name: string;
  url: string;
  process: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM: the graceful drain; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing handed back. */
  kill(): Promise<number | null>;
}

/** Starts one Bree on `databaseUrl` with its own DATA_DIR; resolves once GET /api/ready says ready. */
export async function startBackend({
  name,
  databaseUrl,
  publicUrl,
  env = {},
  readyWithinMs = 45_000,
}: {
  name: string;
  databaseUrl: string;
  /** The address users open: the proxy's, so the issuer's URLs are the same on every process. */
  publicUrl: string;
  env?: Record<string, string>;
  readyWithinMs?: number;
}): Promise<Backend> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `bree-${name}-`));
  const child = spawn(process.execPath, await serverProcessArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      BREE_TEST_POSTGRES: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // No web build is needed: the API, the issuer and its pages are the server's own.
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    return exited;
  };
  const backend: Backend = { name, url, process: child, output: () => output, exited, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
  await waitUntilReady(backend, readyWithinMs);
  return backend;
}

/** Polls GET /api/ready until 200; fails early when the process exits, late after `withinMs`. */
async function waitUntilReady(backend: Backend, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let exitCode: number | null | undefined;
  void backend.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`Bree ${backend.name} exited with ${exitCode} while starting:\n${backend.output()}`);
    const ready = await fetch(`${backend.url}/api/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return;
    // The next poll waits for the process's own progress (its output or its exit), or 100 ms at most.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), backend.exited]);
  }
  throw new Error(`Bree ${backend.name} was not ready within ${withinMs} ms:\n${backend.output()}`);
}

/** A round-robin reverse proxy in front of the backends: each request goes to the next one. */
export interface RoundRobinProxy {
  url: string;
  /** The backends, in the order requests are handed out. */
  backends: Backend[];
  /** The name of the backend each request went to, in order. */
  served: string[];
  /** Sends the next request to this backend (then round-robin goes on from there). */
  sendNextTo(name: string): void;
  close(): Promise<void>;
}

/**
 * Starts the proxy; add the backends afterwards (`proxy.backends.push`), since they need its URL
 * as PUBLIC_URL. Bodies and answers are streamed through (SSE included), as nginx does with
 * buffering off; the Host header is kept so the issuer sees the public address.
 */
export async function startProxy(): Promise<RoundRobinProxy> {
  const backends: Backend[] = [];
  const served: string[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    if (backends.length === 0) {
      res.writeHead(502).end('no backend');
      return;
    }
    const backend = backends[next % backends.length]!;
    next = (next + 1) % backends.length;
    served.push(backend.name);
    const target = new URL(backend.url);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // The harness's own connections end with the test; keep-alive would hold close() open.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    served,
    sendNextTo(name) {
      const index = backends.findIndex((b) => b.name === name);
      if (index < 0) throw new Error(`No backend ${name}.`);
      next = index;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A database, a proxy and `count` Bree processes behind it. */
export interface Cluster {
  url: string;
  proxy: RoundRobinProxy;
  backends: Backend[];
  database: ScratchDatabase;
  /** Stops every process (SIGTERM), the proxy, and drops the database. */
  close(): Promise<void>;
}

/** Starts a cluster on a new database; the processes start together, as a team's deploy does. */
export async function startCluster({ count = 2, env = {} }: { count?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
  const database = await createScratchDatabase();
  const proxy = await startProxy();
  const names = Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i));
  const started = await Promise.allSettled(names.map((name) => startBackend({ name, databaseUrl: database.url, publicUrl: proxy.url, env })));
  for (const result of started) {
    if (result.status !== 'fulfilled') continue;
    const backend = result.value;
    proxy.backends.push(backend);
    // A process that ended leaves the rotation, as a load balancer's failed health check would do.
    void backend.exited.then(() => proxy.backends.splice(proxy.backends.indexOf(backend), 1));
  }
  const close = async () => {
    await Promise.all(proxy.backends.map((b) => b.stop()));
    await proxy.close();
    await database.drop();
  };
  const failure = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await close();
    throw failure.reason;
  }
  return { url: proxy.url, proxy, backends: proxy.backends, database, close };
}
