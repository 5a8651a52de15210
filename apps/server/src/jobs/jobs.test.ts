import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { doc, newUser } from '../../test/api-client';
import { createTestApp, resetDatabase, type TestApp } from '../../test/harness';
import { createVersionsRepository } from '../modules/versions/versions.repository';
import { createServices } from '../services';
import { QUEUES, startJobs, type Jobs } from './jobs';

describe('background maintenance on pg-boss', () => {
  let t: TestApp;
  let jobs: Jobs;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await jobs?.stop();
    await t.close();
  });

  it('thins old versions, forgets remembered answers older than 24 h, empties the Trash of 30-day-old deletions and sweeps ended rate-limit windows when the maintenance job runs', async () => {
    const user = await newUser(t.app, 'jobs');
    const fileId = (await user.call('POST', '/api/files/create', { filePath: 'Aged', content: doc('aged text') })).body.file.id as string;
    const repo = createVersionsRepository({ db: t.database.db });
    const hour = 3600_000;
    const now = Date.now();
    // Three versions in one hour two days ago (two must go), one recent (stays).
    const base = Math.floor((now - 48 * hour) / hour) * hour;
    for (const [id, at] of [
      ['01J0000000000000000000OLD1', base + 60_000],
      ['01J0000000000000000000OLD2', base + 120_000],
      ['01J0000000000000000000OLD3', base + 180_000],
      ['01J0000000000000000000NEW1', now - 60_000],
    ] as const) {
      await repo.insert({
        id,
        tenantId: user.sub,
        fileId,
        revision: 1,
        reason: 'autosave',
        content: doc('x'),
        contentText: 'x',
        wordCount: 1,
        editorVersion: 2,
        textChars: 1,
        aiChars: 0,
        createdAt: new Date(at),
      });
    }
    // Remembered answers: of an X-Operation-Id request and of a content save, one old and one recent each.
    for (const [id, age] of [
      ['op-old', '25 hours'],
      ['op-new', '1 hour'],
    ] as const) {
      await t.database.query(
        `insert into request_replays (tenant_id, operation_id, fingerprint, route, claim, status, content_type, body, created_at)
         values ($1, $2, 'f', 'POST /api/files/create', 'c', 200, 'application/json', '{}', now() - $3::interval)`,
        [user.sub, id, age],
      );
      await t.database.query(
        `insert into file_operations (tenant_id, operation_id, file_id, answer, created_at) values ($1, $2, $3, '{}', now() - $4::interval)`,
        [user.sub, id, fileId, age],
      );
    }
    // Two documents in the Trash: one deleted 31 days ago (goes), one yesterday (stays).
    for (const [name, age] of [
      ['Long gone', '31 days'],
      ['Just binned', '1 day'],
    ] as const) {
      const id = (await user.call('POST', '/api/files/create', { filePath: name, content: doc(name) })).body.file.id as string;
      await t.database.query(`update files set deleted_at = now() - $2::interval where id = $1`, [id, age]);
    }
    // Rate-limit counters: one whose window ended (goes), one still counting (stays).
    await t.database.query(
      `insert into rate_limit_counters (key, hits, reset_at) values ('test:ended', 3, now() - interval '1 minute'), ('test:running', 3, now() + interval '1 hour')`,
    );
    const services = createServices({ database: t.database });
    // The meaning-search index: a run is queued at start (then every minute).
    let indexRuns = 0;
    const search = {
      availability: () => ({ available: true as const, model: 'openai:text-embedding-3-small' }),
      indexStale: async () => {
        indexRuns += 1;
        return { indexed: 0, failed: 0, removed: 0 };
      },
    };
    jobs = await startJobs({ database: t.database, maintenance: services, search, log: pino({ level: 'silent' }) });
    const jobId = await jobs.boss.send(QUEUES.maintenance, {});
    expect(jobId).toBeTruthy();

    let state: string | undefined;
    for (let i = 0; i < 100 && state !== 'completed' && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      state = (await jobs.boss.getJobById(QUEUES.maintenance, jobId!))?.state;
    }
    expect(state).toBe('completed');
    const left = (await repo.list({ tenantId: user.sub, fileId })).map((v) => v.id).sort();
    expect(left).toEqual(['01J0000000000000000000NEW1', '01J0000000000000000000OLD3']);
    expect(await t.database.query('select operation_id from request_replays')).toEqual([{ operation_id: 'op-new' }]);
    expect(await t.database.query('select operation_id from file_operations')).toEqual([{ operation_id: 'op-new' }]);
    expect(await t.database.query('select name from files where deleted_at is not null')).toEqual([{ name: 'Just binned.txt' }]);
    expect(await t.database.query(`select key from rate_limit_counters where key like 'test:%'`)).toEqual([{ key: 'test:running' }]);
    await expect.poll(() => indexRuns, { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
