import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { serializeError } from '../src/lib/log';
import { createIdentity } from '../src/modules/identity/identity';
import { createServices } from '../src/services';
import { signUp } from './auth-helpers';
import { getTestDatabase, resetDatabase } from './harness';

// A sentence no log line may ever hold, planted in every private place a request has.
const SECRET = 'The heron crossed the violet quarry at dawn';
const PASSWORD = 'a secret password 4242';

/** Collects every log line the server writes, at the most talkative level. */
function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('logs hold no document text and no credentials', () => {
  const log = memoryLog();
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3999', LOG_LEVEL: 'trace' });
    const database = await getTestDatabase();
    await resetDatabase(database);
    const identity = await createIdentity({ config, database });
    const services = createServices({ database, config });
    // A read that fails in the database, as an unplanned bug would: the failed query carries the
    // writer's text as a parameter, which is what used to reach the log.
    services.files.get = async () => {
      await database.db.execute(sql`select ${SECRET}::integer as n`);
      throw new Error('unreachable');
    };
    app = await buildApp({ config, database, identity, services, logger: { level: 'trace', stream: log.stream } });
    await app.ready();
    close = async () => {
      await app.close();
      await identity.close();
    };
  });
  afterAll(() => close());

  it('keeps the planted sentence, tokens and passwords out of every line of a hostile run', async () => {
    const { accessToken, sub } = await signUp(app, { email: 'logs@example.com', password: PASSWORD });
    const headers = { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub };
    const calls = [
      { method: 'POST', url: '/api/files/create', payload: { filePath: 'Secret', content: SECRET } },
      { method: 'POST', url: '/api/files/get', payload: { filePath: 'Secret.txt' } },
      { method: 'POST', url: '/api/files/create', payload: { filePath: 'Broken', content: `${SECRET}\u0000` } },
      { method: 'GET', url: `/api/files/search?q=${encodeURIComponent(SECRET)}` },
      { method: 'POST', url: '/api/files/content-only-update', payload: { fileId: 'x', content: SECRET, baseRevision: 2 ** 31, operationId: 'op-log-1' } },
      { method: 'POST', url: '/api/files/create', payload: `{"filePath": "${SECRET}", bad json` },
    ] as const;
    const statuses: number[] = [];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: { ...headers, 'content-type': 'application/json' } } as never);
      statuses.push(res.statusCode);
    }
    const all = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(10);
    for (const forbidden of [SECRET, 'heron', PASSWORD, accessToken]) expect(all).not.toContain(forbidden);
    // The planted failure really happened and was logged, with its statement's name and code.
    expect(statuses[1]).toBe(500);
    const failure = log.lines
      .map((l) => JSON.parse(l) as { msg?: string; err?: { statement?: string; cause?: { code?: string } } })
      .find((l) => l.msg === 'request failed');
    expect(failure?.err?.statement).toBe('select');
    expect(failure?.err?.cause?.code).toBe('22P02');
  });

  it('serializes a failed query without its parameters, the database message or the first stack line', async () => {
    const database = await getTestDatabase();
    const error = await database.db.execute(sql`insert into "files" ("id") values (${SECRET})`).catch((e: unknown) => e);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('heron');
    expect(serializeError(error)).toMatchObject({ message: 'Failed query', statement: 'insert into "files"' });
  });
});
