import { inspect } from 'node:util';
import { ConfigError } from './config';
import { DataDirInUseError } from './db/pglite-lock';
import { parsePostgresUrl } from './db/postgres-hosts';
import { DatabaseUnreachableError } from './db/postgres-probe';
import { StartupError } from './startup-error';

const PREFIX = 'Bree cannot start: ';

/** Environment variables whose values never appear in what a failed start prints. */
const SECRET_NAME = /(KEY|SECRET|PASSWORD|TOKEN)/;
/** Shorter values are left alone: replacing them would mangle ordinary words, and they are no real secret. */
const MIN_SECRET_LENGTH = 4;

/** Whether `error` is a failure the operator fixes, whose message is the line to print. */
function isExplained(error: unknown): error is Error {
  return error instanceof StartupError || error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof DatabaseUnreachableError;
}

/**
 * What a failed start writes on stderr (docs/DEPLOY.md, 'When Bree does not start'): one line that
 * says what to fix, starting 'Bree cannot start:'; at LOG_LEVEL debug or trace, the error with its
 * stack and causes after it. Secrets of `env` (the password of DATABASE_URL or SMTP_URL, keys) are
 * replaced by `***` in both.
 */
export function startFailureText({ error, env }: { error: unknown; env: Record<string, string | undefined> }): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim()) ?? (error instanceof Error ? error.name : 'unknown error');
  const said = isExplained(error) ? message.replace(/\s*\n\s*/g, ' ') : `${first.trim()} (LOG_LEVEL=debug shows where)`;
  const line = said.startsWith(PREFIX) ? said : PREFIX + lowerFirst(said);
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  const text = level === 'debug' || level === 'trace' ? `${line}\n${inspect(error, { depth: 4 })}` : line;
  return redact(text, env);
}

/** 'The database…' reads 'the database…' after the prefix; 'DATA_DIR…' or 'PORT…' stay as they are. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** Replaces every secret of `env` in `text`: values of *KEY, *SECRET, *PASSWORD, *TOKEN and the passwords of URLs. */
function redact(text: string, env: Record<string, string | undefined>): string {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (SECRET_NAME.test(name)) secrets.add(value);
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) continue;
    try {
      // A DATABASE_URL of several hosts is no WHATWG URL: its first host alone carries the same password.
      const url = new URL(/^postgres(ql)?:/i.test(value) ? parsePostgresUrl(value).url : value);
      if (url.password) secrets.add(url.password).add(safeDecode(url.password));
    } catch {
      /* not a URL: nothing of it is a credential */
    }
  }
  let result = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join('***');
  }
  return result;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
