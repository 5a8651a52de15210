import pg from 'pg';

/** One server of DATABASE_URL. */
export interface PostgresHost {
  host: string;
  port: number;
}

/** DATABASE_URL read the way libpq reads it: several hosts, and which of them a session may use. */
export interface PostgresTargets {
  /** The URL with the first host only and without `target_session_attrs`: what node-postgres parses. */
  url: string;
  /** Every host in the order given (empty when the URL names none, e.g. a socket in `?host=`). */
  hosts: PostgresHost[];
  /** `target_session_attrs=read-write` (or `primary`): only a server that accepts writes is used. */
  readWrite: boolean;
}

/** libpq's values that let Bree write; `read-only`, `standby` and `prefer-standby` would not. */
const SESSION_ATTRS: Record<string, boolean> = { any: false, 'read-write': true, primary: true };

/** One `host[:port]` or `[v6]:port` of the host list. */
function parseHost(token: string): PostgresHost {
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(token);
  const plain = /^([^:]*)(?::(\d*))?$/.exec(token);
  const [, host = '', port = ''] = bracketed ?? plain ?? [];
  if (!bracketed && !plain) throw new Error(`DATABASE_URL names a host it cannot read: ${token}`);
  return { host: decodeURIComponent(host), port: port ? Number(port) : 5432 };
}

/**
 * Splits `postgres://user:pass@hostA:5432,hostB:5433/db?target_session_attrs=read-write` into its
 * hosts and the single-host URL node-postgres can parse (its parser, `pg-connection-string`, reads
 * one host only and ignores `target_session_attrs`). A URL of one host without the option comes
 * back as it was.
 */
export function parsePostgresUrl(url: string): PostgresTargets {
  const scheme = /^postgres(?:ql)?:\/\//.exec(url)?.[0] ?? '';
  const rest = url.slice(scheme.length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const tail = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  const at = authority.lastIndexOf('@');
  const userinfo = authority.slice(0, at + 1);
  const hostList = authority.slice(at + 1);
  const tokens = hostList === '' ? [] : hostList.split(',');
  const queryAt = tail.indexOf('?');
  const params = new URLSearchParams(queryAt === -1 ? '' : tail.slice(queryAt + 1).split('#')[0]);
  const attrs = params.get('target_session_attrs') ?? 'any';
  const readWrite = SESSION_ATTRS[attrs];
  if (readWrite === undefined) throw new Error(`DATABASE_URL asks for target_session_attrs=${attrs}; Bree writes, so use read-write (or leave it out).`);
  if (tokens.length <= 1 && !params.has('target_session_attrs')) return { url, hosts: tokens.map(parseHost), readWrite };
  params.delete('target_session_attrs');
  const path = queryAt === -1 ? tail : tail.slice(0, queryAt);
  const query = params.toString();
  return { url: `${scheme}${userinfo}${tokens[0] ?? ''}${path}${query ? `?${query}` : ''}`, hosts: tokens.map(parseHost), readWrite };
}

/** `host:port` of every host, for messages (never the credentials). */
export function describeHosts(hosts: PostgresHost[]): string {
  return hosts.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',');
}

/**
 * No host of DATABASE_URL accepts writes now: during a failover, until the standby is promoted.
 * SQLSTATE 08001 (the client could not establish a connection), so requests answer 503 (unreachable.ts).
 */
export class NoWritableHostError extends Error {
  readonly code = '08001';
  constructor(hosts: PostgresHost[], options?: { cause: unknown }) {
    super(`no server of DATABASE_URL (${describeHosts(hosts)}) accepts writes now`, options);
    this.name = 'NoWritableHostError';
  }
}

/** Whether the session may write: what libpq asks for read-write, and not a standby (primary). */
export const WRITABLE_SQL = "select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as writable";

/**
 * Remembers which host serves and finds it again when told it no longer does: each host in turn,
 * the first that `check` accepts wins (libpq's order). Searches asked for at once share one.
 */
export function createHostPicker({ hosts, check }: { hosts: PostgresHost[]; check: (host: PostgresHost) => Promise<boolean> }) {
  let current: PostgresHost | null = null;
  let searching: Promise<PostgresHost> | null = null;

  async function search(): Promise<PostgresHost> {
    let lastError: unknown = null;
    let answered = false;
    for (const host of hosts) {
      try {
        if (await check(host)) return (current = host);
        answered = true;
      } catch (error) {
        lastError = error;
      }
    }
    // Every host failed to connect: its own error says why (refused, unknown name…) better than ours.
    if (!answered && lastError) throw lastError;
    throw new NoWritableHostError(hosts, { cause: lastError });
  }

  return {
    /** The host to open a connection to: the one that served last, else the first that serves now. */
    pick(): Promise<PostgresHost> {
      if (current) return Promise.resolve(current);
      searching ??= search().finally(() => (searching = null));
      return searching;
    },
    /** A connection to `host` failed or it no longer accepts writes: the next pick searches again. */
    forget(host: PostgresHost): void {
      if (current === host) current = null;
    },
    current: () => current,
  };
}
export type HostPicker = ReturnType<typeof createHostPicker>;

/** Opens one connection to `host` (the rest from the single-host `url`), asks `WRITABLE_SQL` (when `readWrite`) and closes it. */
export async function checkHost({
  url,
  host,
  readWrite,
  timeoutMs,
}: {
  url: string;
  host: PostgresHost;
  readWrite: boolean;
  timeoutMs: number;
}): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // The connection string's host wins over a `host` option: the socket is opened to these instead.
  client.host = host.host;
  client.port = host.port;
  client.on('error', () => undefined);
  try {
    await client.connect();
    if (!readWrite) return true;
    const { rows } = await client.query<{ writable: boolean }>(WRITABLE_SQL);
    return rows[0]?.writable === true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

type ConnectCallback = (error: Error | null, client?: pg.Client) => void;

/**
 * A node-postgres Client class (for `new pg.Pool({ Client })` and the LISTEN connection) that
 * connects to the host the picker names and, when `readWrite`, checks on its own session that it
 * may write before anyone uses it. A failed connection or a server that became a standby makes the
 * picker search again; this connection fails (the request answers 503) and the next one finds the
 * new primary. A connection gives up after `timeoutMs`, so a host that vanished (no RST) does not
 * hold requests for the system's TCP timeout.
 */
export function pickingClient({ picker, readWrite, timeoutMs }: { picker: HostPicker; readWrite: boolean; timeoutMs: number }): typeof pg.Client {
  class PickingClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: timeoutMs });
    }

    private async connectPicked(): Promise<void> {
      const target = await picker.pick();
      // node-postgres reads the host and port from these when it opens the socket (and to cancel a query).
      this.host = target.host;
      this.port = target.port;
      try {
        await super.connect();
        if (!readWrite) return;
        const { rows } = await this.query<{ writable: boolean }>(WRITABLE_SQL);
        if (rows[0]?.writable === true) return;
        await this.end().catch(() => undefined);
        throw new NoWritableHostError([target]);
      } catch (error) {
        picker.forget(target);
        throw error;
      }
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      const connected = this.connectPicked().then(() => this);
      if (!callback) return connected;
      connected.then(
        (client) => callback(null, client),
        (error: Error) => callback(error),
      );
    }
  }
  return PickingClient as unknown as typeof pg.Client;
}

/**
 * The Client class and single-host URL to open DATABASE_URL with: node-postgres's own Client for
 * one host without `target_session_attrs` (as before), else a {@link pickingClient} over its hosts.
 */
export function postgresConnector({ url, timeoutMs }: { url: string; timeoutMs: number }): {
  url: string;
  Client: typeof pg.Client;
  picker: HostPicker | null;
} {
  const targets = parsePostgresUrl(url);
  if (targets.hosts.length === 0 || (targets.hosts.length === 1 && !targets.readWrite)) return { url: targets.url, Client: pg.Client, picker: null };
  const { readWrite } = targets;
  const picker = createHostPicker({ hosts: targets.hosts, check: (host) => checkHost({ url: targets.url, host, readWrite, timeoutMs }) });
  return { url: targets.url, Client: pickingClient({ picker, readWrite, timeoutMs }), picker };
}
