// A PostgreSQL primary/standby pair with automatic failover on this machine, for
// bench/failover.bench.ts: Debian's pg_auto_failover (`apt-get install postgresql-15-auto-failover`),
// one monitor and two nodes, each `pg_autoctl … --run` in the foreground of a process of its own, as
// the `postgres` user, in a temporary folder on free ports. Run as root.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Why the pair cannot be made here, or null when it can. */
export function pgAutoFailoverMissing(): string | null {
  if (process.getuid?.() !== 0) return 'run as root (the nodes run as the postgres user)';
  if (!existsSync('/usr/bin/pg_autoctl')) return 'pg_autoctl is not installed: apt-get install -y postgresql-15-auto-failover';
  if (!existsSync(`${PG_BIN}/pg_ctl`)) return `PostgreSQL 15's server (${PG_BIN}) is not installed`;
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const until = async (what: string, test: () => Promise<boolean>, timeoutMs: number): Promise<void> => {
  const started = Date.now();
  while (!(await test().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** One query on a connection of its own, as the `postgres` user (trusted on localhost by pg_autoctl's set-up). */
export async function queryOnce<T>(port: number, database: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ host: 'localhost', port, user: 'postgres', database, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface FailoverPair {
  dir: string;
  nodes: Array<{ name: string; port: number; pgdata: string }>;
  /** libpq's URL of both nodes, as `pg_autoctl show uri` prints it. */
  url: string;
  /** Reported and assigned state of each node, from the monitor. */
  states(): Promise<Array<{ name: string; reported: string; assigned: string }>>;
  /**
   * kill -9 of a node's postmaster (its pg_autoctl lives on and rejoins the node as a standby once
   * the other is promoted), or with `whole` of its pg_autoctl too: the machine is gone.
   */
  killNode(name: string, opts: { whole: boolean }): void;
  stop(): Promise<void>;
}

/**
 * Makes the monitor and two nodes, waits until node1 is primary and node2 its synchronous standby.
 * `fast` shortens the monitor's health checks (docs/DEPLOY.md says what that trades).
 */
export async function startFailoverPair({ database, fast }: { database: string; fast: boolean }): Promise<FailoverPair> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bree-failover-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  chownSync(dir, uid, gid);
  // pg_autoctl keeps its configuration and state under XDG folders: inside the temporary folder.
  const env = { ...process.env, PATH: `${PG_BIN}:${process.env.PATH}`, XDG_CONFIG_HOME: `${dir}/config`, XDG_DATA_HOME: `${dir}/data`, HOME: dir };
  const children: ChildProcess[] = [];
  const run = (args: string[], log: string) => {
    const out = `${dir}/${log}.log`;
    const child = spawn('/bin/sh', ['-c', `exec pg_autoctl "$@" >> ${out} 2>&1`, 'sh', ...args], { uid, gid, env, detached: true, stdio: 'ignore' });
    children.push(child);
    return child;
  };
  const monitorPort = await freePort();
  const monitorUrl = `postgres://autoctl_node@localhost:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const common = ['--hostname', 'localhost', '--auth', 'trust', '--no-ssl'];
  run(['create', 'monitor', '--pgdata', `${dir}/monitor`, '--pgport', String(monitorPort), ...common, '--run'], 'monitor');
  const monitor = <T>(text: string) => queryOnce<T>(monitorPort, 'pg_auto_failover', text);
  await until('the monitor', async () => (await monitor('select 1')).length === 1, 60_000);
  if (fast) {
    for (const [name, value] of Object.entries({
      health_check_period: 1000,
      health_check_timeout: 1000,
      health_check_max_retries: 1,
      health_check_retry_delay: 500,
      node_considered_unhealthy_timeout: 4000,
      primary_demote_timeout: 10000,
    })) {
      await monitor(`alter system set pgautofailover.${name} = ${value}`);
    }
    await monitor('select pg_reload_conf()');
  }
  const nodes: FailoverPair['nodes'] = [];
  for (const name of ['node1', 'node2']) {
    const node = { name, port: await freePort(), pgdata: `${dir}/${name}` };
    nodes.push(node);
    run(
      [
        'create',
        'postgres',
        '--pgdata',
        node.pgdata,
        '--pgport',
        String(node.port),
        '--name',
        name,
        '--dbname',
        database,
        '--monitor',
        monitorUrl,
        ...common,
        '--run',
      ],
      name,
    );
    await until(`${name} registered`, async () => (await monitor(`select 1 from pgautofailover.node where nodename = '${name}'`)).length === 1, 120_000);
  }
  const states = async () =>
    (
      await monitor<{ name: string; reported: string; assigned: string }>(
        'select nodename as name, reportedstate as reported, goalstate as assigned from pgautofailover.node order by nodeid',
      )
    ).map((s) => ({ ...s }));
  // The standby's base backup waits for a checkpoint on the primary (spread over minutes by default): ask for one.
  await until(
    'node1 primary and node2 its secondary',
    async () => {
      await queryOnce(nodes[0]!.port, database, 'checkpoint').catch(() => undefined);
      const now = await states();
      return now.map((s) => `${s.reported}/${s.assigned}`).join(' ') === 'primary/primary secondary/secondary';
    },
    180_000,
  );
  const url = `postgres://postgres@${nodes.map((n) => `localhost:${n.port}`).join(',')}/${database}?target_session_attrs=read-write`;
  const killTree = (pid: number, signal: NodeJS.Signals) => {
    let listed = '';
    try {
      listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString();
    } catch {
      /* ps exits 1 when there is no child */
    }
    const kids = listed.split(/\s+/).filter(Boolean).map(Number);
    for (const kid of kids) killTree(kid, signal);
    try {
      process.kill(pid, signal);
    } catch {
      /* gone already */
    }
  };
  const postmasterPid = (pgdata: string) => Number(readFileSync(`${pgdata}/postmaster.pid`, 'utf8').split('\n')[0]);
  return {
    dir,
    nodes,
    url,
    states,
    killNode(name, { whole }) {
      const index = nodes.findIndex((n) => n.name === name);
      const postmaster = postmasterPid(nodes[index]!.pgdata);
      if (whole) killTree(children[index + 1]!.pid!, 'SIGKILL');
      process.kill(postmaster, 'SIGKILL');
    },
    async stop() {
      // SIGTERM lets each pg_autoctl stop its PostgreSQL (20 s at most, then kill -9 of what is left).
      const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
      for (const child of running.reverse()) process.kill(child.pid!, 'SIGTERM');
      const stopped = Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
      const late = await Promise.race([stopped.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 20_000))]);
      if (late) for (const child of running) killTree(child.pid!, 'SIGKILL');
      for (const node of [...nodes, { pgdata: `${dir}/monitor` }]) {
        // Only a process that still is this node's postmaster (its pid may have been reused since).
        const pid = (() => {
          try {
            return postmasterPid(node.pgdata);
          } catch {
            return 0;
          }
        })();
        if (pid > 0 && existsSync(`/proc/${pid}/cmdline`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(node.pgdata)) process.kill(pid, 'SIGKILL');
      }
      // A pg_autoctl service process can outlive its supervisor: whatever still runs with this pair's
      // XDG folder in its environment is this pair's, and ends here.
      for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
        try {
          if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`XDG_DATA_HOME=${dir}/data`)) process.kill(Number(pid), 'SIGKILL');
        } catch {
          /* ended meanwhile, or not ours to read */
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
