/** Network failures of the connection to PostgreSQL (refused, reset, timed out, name not found). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve now: shutting down, starting up, out of connections, or a
 * standby refusing a write (25006, read_only_sql_transaction: a session opened before a failover
 * demoted its server, or DATABASE_URL pointing at a standby until it is promoted).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** What node-postgres, its pool and PGlite say when there is no connection to use. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/**
 * Whether `error` (or what it wraps: drizzle puts the driver's error in `cause`) says the database
 * could not be reached, as opposed to refusing a statement. Such a request may succeed when retried.
 * A network failure reaching another service (blob storage, e-mail) reads the same, and a retry
 * suits it as well.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
    if (current.name === 'DatabaseClosedError' || UNREACHABLE_MESSAGES.some((m) => current instanceof Error && current.message.includes(m))) return true;
    current = current.cause;
  }
  return false;
}
