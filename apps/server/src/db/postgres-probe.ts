import pg from 'pg';
import { describeHosts, parsePostgresUrl } from './postgres-hosts';

/**
 * How long a start waits for PostgreSQL to accept a connection and finish its hand-shake: a host
 * behind a firewall that drops packets would otherwise hold the start for about two minutes (the
 * system's TCP retries). docs/DEPLOY.md, 'When Bree does not start'.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The database of DATABASE_URL could not be used at start: the message is one line naming the
 * variable and `host:port`, never the user name or password; the driver's error is the `cause`.
 */
export class DatabaseUnreachableError extends Error {
  constructor(
    readonly target: string,
    reason: string,
    options: { cause: unknown },
  ) {
    super(`The database of DATABASE_URL (${target}) ${reason}.`, options);
    this.name = 'DatabaseUnreachableError';
  }
}

/** `host:port` of a PostgreSQL URL (a socket folder given as `?host=` counts as the host); nothing of its credentials. */
export function databaseTarget(url: string): string {
  try {
    // Several hosts (`hostA:5432,hostB:5433`) are no WHATWG URL: all of them are named.
    const { hosts } = parsePostgresUrl(url);
    if (hosts.length > 1) return describeHosts(hosts);
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    return `${host}:${parsed.port || '5432'}`;
  } catch {
    return 'an address that is not a valid URL';
  }
}

/** The database name of a PostgreSQL URL, quoted (node-postgres defaults it to the user name). */
function databaseName(url: string): string {
  try {
    const parsed = new URL(parsePostgresUrl(url).url);
    return `"${decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username)}"`;
  } catch {
    return 'it';
  }
}

/** What the driver's error says, in words an operator acts on (SQLSTATE class 28: the credentials; 3D000: no such database). */
function reasonFor({ error, url, timeoutMs }: { error: unknown; url: string; timeoutMs: number }): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'cannot be reached: connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'cannot be reached: the host name is not known';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'cannot be reached: no route to the host';
    case 'ETIMEDOUT':
      return 'cannot be reached: the connection timed out';
    case '28P01':
    case '28000':
      return 'refused the user name or password in DATABASE_URL';
    case '3D000':
      return `does not exist: create ${databaseName(url)} or correct the name in DATABASE_URL`;
  }
  if (/timeout/i.test(text)) return `cannot be reached: no answer within ${Math.round(timeoutMs / 1000)} seconds`;
  // Anything else (TLS, a server that is not PostgreSQL): the driver's words, which hold no credentials.
  return `cannot be used: ${text.split('\n')[0]}`;
}

/**
 * Opens one connection to `url` and runs `select 1`, giving up after `timeoutMs`; throws
 * {@link DatabaseUnreachableError} when that fails. The pool Bree then uses has no connection
 * timeout of its own (it would also cut a request waiting for a busy pool's next free connection).
 */
export async function probePostgres({
  url,
  timeoutMs = CONNECT_TIMEOUT_MS,
  Client = pg.Client,
  clientUrl = url,
}: {
  url: string;
  timeoutMs?: number;
  /** With several hosts, `postgres-hosts.ts`'s picking client and its single-host URL. */
  Client?: typeof pg.Client;
  clientUrl?: string;
}): Promise<void> {
  let client: pg.Client | null = null;
  try {
    client = new Client({ connectionString: clientUrl, connectionTimeoutMillis: timeoutMs });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new DatabaseUnreachableError(databaseTarget(url), reasonFor({ error, url, timeoutMs }), { cause: error });
  } finally {
    await client?.end().catch(() => undefined);
  }
}
