import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerDumpRequests, answersDumpRequests, dumpRequestsDir, requestDump } from './pglite-dump-requests';

// This test process plays both parts: the running Bree that answers, and the command that asks.
describe('dump requests to a running Bree', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bree-dump-requests-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers a request with the dump, then leaves no files behind', async () => {
    let dumps = 0;
    const stop = answerDumpRequests({ dataDir, dump: async () => Buffer.from(`dump ${++dumps}`), onError: () => {} });
    try {
      expect(answersDumpRequests(dataDir, process.pid)).toBe(true);
      expect(answersDumpRequests(dataDir, process.pid + 1)).toBe(false);
      const answer = await requestDump({ dataDir, pid: process.pid, timeoutMs: 20_000, pollMs: 10 });
      expect(answer).toEqual({ ok: true, dump: Buffer.from('dump 1') });
      expect(readdirSync(dumpRequestsDir(dataDir))).toEqual(['listening.json']);
    } finally {
      stop();
    }
    expect(answersDumpRequests(dataDir, process.pid)).toBe(false);
  });

  it('passes on why a dump failed', async () => {
    const failures: unknown[] = [];
    const stop = answerDumpRequests({ dataDir, dump: () => Promise.reject(new Error('disk full')), onError: (error) => failures.push(error) });
    try {
      const answer = await requestDump({ dataDir, pid: process.pid, timeoutMs: 20_000, pollMs: 10 });
      expect(answer).toEqual({ ok: false, reason: 'failed', message: 'disk full' });
      expect(failures).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
