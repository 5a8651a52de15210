import type { FastifyServerOptions } from 'fastify';

/**
 * Fields a log line must never carry, wherever they sit: credentials, and a writer's text
 * (document content, AI instructions and text, voice notes).
 */
const PRIVATE_KEYS = ['password', 'token', 'accessToken', 'access_token', 'refreshToken', 'refresh_token', 'content', 'text', 'instructions', 'notes'];
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...PRIVATE_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** Logged URLs drop their query: it may carry codes, tokens or the words of a search. */
function logUrl(url: string): string {
  return url.split('?')[0] ?? url;
}

const MAX_MESSAGE = 200;

// The statement a failed query ran, by its kind and table ('insert into "files"'), never its values.
function statementName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const write = /^\s*(insert\s+into|update|delete\s+from)\s+("[^"]+"|[\w.]+)/i.exec(query);
  if (write) return `${write[1]!.toLowerCase().replace(/\s+/g, ' ')} ${write[2]}`;
  const read = /^\s*(select|with)\b[\s\S]*?\bfrom\s+("[^"]+"|[\w.]+)/i.exec(query);
  return read ? `select from ${read[2]}` : query.trim().split(/\s+/)[0]?.toLowerCase();
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  statusCode?: unknown;
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * An error as a log line may hold it: its type, code and the statement's name, with a message
 * cut before any query parameters. A database's own message is left out (it can quote a value:
 * 'invalid input syntax for type integer: "…"'), and so is the stack's first line, which repeats
 * the message.
 */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(value: unknown, depth = 0): LoggedError {
  if (!value || typeof value !== 'object') return { type: typeof value, message: String(value).slice(0, MAX_MESSAGE), stack: '' };
  const err = value as ErrorLike;
  const type = typeof err.name === 'string' ? err.name : 'Error';
  const isQueryError = 'query' in err && 'params' in err;
  const code = isSqlState(err.code) ? err.code : typeof err.code === 'string' ? err.code : undefined;
  const message = isQueryError
    ? 'Failed query'
    : isSqlState(err.code)
      ? `Database error ${err.code}`
      : String(err.message ?? '')
          .split(/\n\s*params:/)[0]!
          .slice(0, MAX_MESSAGE);
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    ...(code ? { code } : {}),
    ...(typeof err.statusCode === 'number' ? { statusCode: err.statusCode } : {}),
    ...(isQueryError ? { statement: statementName(err.query) } : {}),
    ...(err.cause && depth < 3 ? { cause: serializeError(err.cause, depth + 1) } : {}),
  };
}

/** The pino options of every Bree logger (the level comes from LOG_LEVEL). */
export function loggerOptions(base: object): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    ...base,
    redact: { paths: LOG_REDACT_PATHS, censor: '[private]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: logUrl(req.url), id: req.id }),
      err: serializeError,
      error: serializeError,
    },
  };
}
