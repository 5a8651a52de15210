import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db';
import { createNotificationHub } from './notifications';
import { createHostPicker, NoWritableHostError, parsePostgresUrl, type PostgresHost } from './postgres-hosts';
import { databaseTarget } from './postgres-probe';
import { isDatabaseUnreachable } from './unreachable';

describe('DATABASE_URL with several hosts', () => {
  it('reads every host and port in order, and gives node-postgres the first alone without target_session_attrs', () => {
    const parsed = parsePostgresUrl('postgres://bree:s%40cret@db-a:5432,db-b:5433,[::1]:5434,db-c/bree?target_session_attrs=read-write&sslmode=disable');
    expect(parsed.hosts).toEqual([
      { host: 'db-a', port: 5432 },
      { host: 'db-b', port: 5433 },
      { host: '::1', port: 5434 },
      { host: 'db-c', port: 5432 },
    ]);
    expect(parsed.readWrite).toBe(true);
    expect(parsed.url).toBe('postgres://bree:s%40cret@db-a:5432/bree?sslmode=disable');
    expect(databaseTarget('postgres://bree:pw@db-a:5432,db-b:5433/bree')).toBe('db-a:5432,db-b:5433');
  });

  it('leaves a URL of one host without the option as it is, and knows `primary` and `any`', () => {
    const one = 'postgresql://u:p@localhost:5432/bree?application_name=x';
    expect(parsePostgresUrl(one)).toEqual({ url: one, hosts: [{ host: 'localhost', port: 5432 }], readWrite: false });
    expect(parsePostgresUrl('postgres://u@h1,h2/bree?target_session_attrs=primary').readWrite).toBe(true);
    expect(parsePostgresUrl('postgres://u@h1,h2/bree?target_session_attrs=any')).toMatchObject({ readWrite: false, url: 'postgres://u@h1/bree' });
    expect(parsePostgresUrl('postgres:///bree?host=/run/postgresql').hosts).toEqual([]);
  });

  it('refuses session kinds Bree cannot write on, saying what to use', () => {
    expect(() => parsePostgresUrl('postgres://u@h1,h2/bree?target_session_attrs=standby')).toThrow(
      /target_session_attrs=standby; Bree writes, so use read-write/,
    );
  });
});

describe('the host picker', () => {
  const a: PostgresHost = { host: 'a', port: 1 };
  const b: PostgresHost = { host: 'b', port: 2 };
  const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  it('takes the first host that accepts writes, keeps it, and searches again once told it failed', async () => {
    let writable = a;
    const asked: string[] = [];
    const picker = createHostPicker({
      hosts: [a, b],
      check: async (host) => {
        asked.push(host.host);
        return host === writable;
      },
    });
    expect(await picker.pick()).toBe(a);
    expect(await picker.pick()).toBe(a);
    expect(asked).toEqual(['a']);
    // The failover: a is gone, b was promoted.
    writable = b;
    picker.forget(a);
    expect(await picker.pick()).toBe(b);
    expect(asked).toEqual(['a', 'a', 'b']);
    // Forgetting a host that is not the current one changes nothing.
    picker.forget(a);
    expect(await picker.pick()).toBe(b);
  });

  it('runs one search for connections asking at once', async () => {
    let checks = 0;
    const picker = createHostPicker({ hosts: [a, b], check: async (host) => (checks += 1) > 0 && host === b });
    const picks = await Promise.all([picker.pick(), picker.pick(), picker.pick()]);
    expect(picks).toEqual([b, b, b]);
    expect(checks).toBe(2);
  });

  it('with no primary: the error of a host that did not answer when none answered, else "no server accepts writes" — both a 503', async () => {
    const down = createHostPicker({ hosts: [a, b], check: () => Promise.reject(refused()) });
    await expect(down.pick()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const standbysOnly = createHostPicker({ hosts: [a, b], check: async (host) => (host === a ? Promise.reject(refused()) : false) });
    const error = await standbysOnly.pick().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoWritableHostError);
    expect((error as Error).message).toBe('no server of DATABASE_URL (a:1,b:2) accepts writes now');
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(standbysOnly.current()).toBeNull();
  });
});

/** A port on this machine where nothing listens (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The failover as one PostgreSQL can play it: a first host that is down, and the only server turned
// read-only (what a standby is) with every session ended, then writable again. Bree's pool and its
// LISTEN connection come back on their own. scripts/failover-test.mjs runs the real thing.
describe.runIf(process.env.BREE_TEST_POSTGRES === '1' && process.env.TEST_DATABASE_URL)('a pool on several hosts (PostgreSQL)', () => {
  let database: Database | null = null;
  let admin: Database | null = null;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://unused');
  const name = `"${decodeURIComponent(url.pathname.slice(1)).replaceAll('"', '""')}"`;
  afterAll(async () => {
    await admin?.query(`alter database ${name} reset default_transaction_read_only`);
    await database?.close();
    await admin?.close();
  });

  it('skips a host that is down, answers "unreachable" while no server accepts writes, and serves again without reopening', async () => {
    // The administrator's session is on another database: it stays writable while this one is not.
    admin = await createDatabase({ url: Object.assign(new URL(url.href), { pathname: '/postgres' }).href, dataDir: 'memory://' });
    const multi = `postgres://${url.username}:${url.password}@127.0.0.1:${await closedPort()},${url.host}${url.pathname}?target_session_attrs=read-write`;
    database = await createDatabase({ url: multi, dataDir: 'memory://' });
    const hub = createNotificationHub({ database });
    let reconnects = 0;
    hub.onReconnect(() => (reconnects += 1));
    const heard: string[] = [];
    await hub.listen('bree_test_failover', (n) => heard.push(n.payload));
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);

    const endSessions = () =>
      admin!.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1', [decodeURIComponent(url.pathname.slice(1))]);
    await admin.query(`alter database ${name} set default_transaction_read_only = on`);
    await endSessions();
    const failure = await database.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnreachable(failure)).toBe(true);

    await admin.query(`alter database ${name} reset default_transaction_read_only`);
    await endSessions();
    await expect.poll(async () => database!.query('select 1 as one').catch(() => null), { timeout: 10_000 }).toEqual([{ one: 1 }]);
    expect(await database.query<{ ro: string }>("select current_setting('transaction_read_only') as ro")).toEqual([{ ro: 'off' }]);
    await expect.poll(() => reconnects, { timeout: 15_000 }).toBeGreaterThan(0);
    await hub.notify('bree_test_failover', 'after the failover');
    await expect.poll(() => heard).toEqual(['after the failover']);
    await hub.close();
  });
});
