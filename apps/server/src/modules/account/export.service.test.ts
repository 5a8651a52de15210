import { createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTar } from '../../cli/tar';
import { createAccountExport, type AccountExportSources, type ExportCounters } from './export.service';
import type { ExportDocumentRow } from './export.layout';

/** The rate-limit counters in memory, as modules/rate-limits keeps them in the database. */
function memoryCounters(): ExportCounters & { keys: Map<string, number> } {
  const keys = new Map<string, number>();
  return {
    keys,
    async hit({ key, windowMs, at }) {
      keys.set(key, (keys.get(key) ?? 0) + 1);
      return { hits: keys.get(key)!, resetAt: new Date(at.getTime() + windowMs) };
    },
    async clear(key) {
      keys.delete(key);
    },
  };
}

const at = new Date('2026-12-01T10:00:00Z');
const row = (n: number): ExportDocumentRow => ({
  id: `doc-${String(n).padStart(4, '0')}`,
  name: `Doc ${n}`,
  path: `Doc ${n}`,
  isRepository: false,
  isVoiceSample: false,
  content: { type: 'doc', content: [] },
  revision: 1,
  wordCount: 0,
  metadata: {},
  createdAt: at,
  updatedAt: at,
  contentUpdatedAt: at,
  deletedAt: null,
});

/** Sources with `count` documents whose second page of documents fails to read. */
function failingSources(count: number): AccountExportSources {
  return {
    documents: {
      count: async () => ({ live: count, trashed: 0 }),
      page: async ({ afterId }) => {
        if (afterId !== null) throw new Error('the database went away');
        return Array.from({ length: 50 }, (_, i) => row(i));
      },
    },
    versions: { page: async () => [] },
    chat: { messages: async () => [] },
    voice: { profile: async () => null },
    feedback: { sent: async () => [], attachmentBytes: async () => null },
    images: { list: async () => [], bytes: async () => null },
    usage: { months: async () => [], calls: async () => [] },
  };
}

describe('the account export stream', () => {
  it('ends broken, never short, when a read fails mid-way, and frees the account for the next export', async () => {
    const counters = memoryCounters();
    const accountExport = createAccountExport({ sources: failingSources(80), counters, now: () => at, toMarkdown: async () => '' });
    const started = await accountExport.start({ tenantId: 't1', email: null, name: null });
    expect(started.documents).toBe(80);
    const names: string[] = [];
    const gunzip = createGunzip();
    // As the HTTP reply does: an error of the archive's stream reaches its reader.
    started.stream.once('error', (error) => gunzip.destroy(error));
    started.stream.pipe(gunzip);
    await expect(
      (async () => {
        for await (const entry of readTar(gunzip)) names.push(entry.name);
      })(),
    ).rejects.toThrow();
    // The reader is told: the archive never reaches its end blocks, so it cannot pass for a whole one.
    expect(names).not.toContain('usage/months.json');
    await expect.poll(() => counters.keys.has('account-export:running:t1')).toBe(false);
    // Only the hourly count is left.
    expect([...counters.keys.keys()]).toEqual(['account-export:t1']);
  });
});
