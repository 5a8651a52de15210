import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { DatabaseUnreachableError } from './db/postgres-probe';
import { StartupError } from './startup-error';
import { startFailureText } from './startup-failure';

const env = {
  DATABASE_URL: 'postgres://bree:p%40ss-word-1@db.example.com:5432/bree',
  SMTP_URL: 'smtp://mailer:smtp-secret-2@mail.example.com:587',
  ANTHROPIC_API_KEY: 'sk-ant-key-3',
};

describe('what a refused start prints', () => {
  it('prints an explained failure as its one line, prefixed once', () => {
    expect(startFailureText({ error: new StartupError('Bree cannot start: PORT 80 is in use on 0.0.0.0; …'), env })).toBe(
      'Bree cannot start: PORT 80 is in use on 0.0.0.0; …',
    );
    expect(startFailureText({ error: new ConfigError('Invalid configuration: PORT: too big.'), env })).toBe(
      'Bree cannot start: invalid configuration: PORT: too big.',
    );
  });

  it('prints an unexpected error as its first line with a pointer to LOG_LEVEL=debug, never a stack', () => {
    const text = startFailureText({ error: new Error('something broke\nsecond line'), env });
    expect(text).toBe('Bree cannot start: something broke (LOG_LEVEL=debug shows where)');
  });

  it('adds the stack and the cause at LOG_LEVEL debug or trace only', () => {
    const error = new DatabaseUnreachableError('db.example.com:5432', 'cannot be reached: connection refused', { cause: new Error('connect ECONNREFUSED') });
    expect(startFailureText({ error, env }).split('\n')).toHaveLength(1);
    for (const LOG_LEVEL of ['debug', 'trace']) {
      const [first, ...rest] = startFailureText({ error, env: { ...env, LOG_LEVEL } }).split('\n');
      expect(first).toBe('Bree cannot start: the database of DATABASE_URL (db.example.com:5432) cannot be reached: connection refused.');
      expect(rest.join('\n')).toMatch(/\n\s+at [\s\S]*ECONNREFUSED/);
    }
  });

  it('never shows a password of a URL or a key, encoded or not, in the line or the stack', () => {
    const leak = new Error(`failed with ${env.DATABASE_URL}, p@ss-word-1, smtp-secret-2 and sk-ant-key-3`);
    for (const LOG_LEVEL of ['warn', 'debug']) {
      const text = startFailureText({ error: leak, env: { ...env, LOG_LEVEL } });
      for (const secret of ['p%40ss-word-1', 'p@ss-word-1', 'smtp-secret-2', 'sk-ant-key-3']) expect(text).not.toContain(secret);
      expect(text).toContain('postgres://bree:***@db.example.com:5432/bree');
    }
  });

  it('hides the password of a DATABASE_URL naming several hosts (a primary and its standby)', () => {
    const multi = 'postgres://bree:p%40ss-word-1@db-a:5432,db-b:5433/bree?target_session_attrs=read-write';
    const text = startFailureText({ error: new Error(`failed with ${multi} and p@ss-word-1`), env: { ...env, DATABASE_URL: multi } });
    for (const secret of ['p%40ss-word-1', 'p@ss-word-1']) expect(text).not.toContain(secret);
    expect(text).toContain('postgres://bree:***@db-a:5432,db-b:5433/bree');
  });
});
