// Heavy requests, on PGlite and (when BENCH_DATABASE_URL is set) PostgreSQL:
// - /api/health p50/p99 alone (the baseline) against the same while four 4.85 MB documents are
//   exported (.txt, .md, .html, .docx) and four are saved, with the worker threads (target: p99
//   under 50 ms) and with everything on the event loop as before them;
// - one export of the 4.85 MB document on a worker thread against the same export inline;
// - the worker round trip against inline work for small documents (what INLINE_BELOW_BYTES decides).
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createHeavyWork, INLINE_BELOW_BYTES, inlineHeavyWork, type HeavyWork } from '../apps/server/src/lib/workers/heavy-work';
import { largeDocument } from '../apps/server/test/large-document';
import { benchApp, report } from './lib';

const LARGE_BYTES = 4_850_000;
const FORMATS = ['txt', 'md', 'html', 'docx'] as const;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Health latencies (ms) polled one after another until `until` settles (or for `ms` without it). */
async function pollHealth(base: string, until: Promise<unknown> | number): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

/** Health p50/p99 alone and during four large exports and four large saves, on one app. */
async function healthUnderLoad(label: string, heavyWork: HeavyWork) {
  const { app, headers, sub } = await benchApp(`heavy-${label.replace(/\W+/g, '-')}@example.com`, process.env.BENCH_DATABASE_URL, { heavyWork });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const json = { ...headers, 'content-type': 'application/json' };
  const large = largeDocument(LARGE_BYTES);
  const files: { fileId: string; filePath: string; revision: number }[] = [];
  for (const n of [1, 2, 3, 4]) {
    const res = await fetch(`${base}/api/files/upload`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ filePath: `Manuscript ${n}.txt`, content: large, isRepository: false }),
    });
    files.push(((await res.json()) as { file: { fileId: string; filePath: string; revision: number } }).file);
  }
  const edited = largeDocument(LARGE_BYTES - 1000);
  const bodies = files.map((f, i) => JSON.stringify({ fileId: f.fileId, content: edited, baseRevision: f.revision, operationId: `op-bench-${label}-${i}` }));

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const alone = await pollHealth(base, 3000);
  const stallAlone = loop.max / 1e6;
  loop.reset();
  const t0 = performance.now();
  const heavy = Promise.all([
    ...files.map((f, i) =>
      fetch(`${base}/api/files/${sub}/${encodeURIComponent(f.filePath)}/download?format=${FORMATS[i]}`, { headers }).then((r) => r.arrayBuffer()),
    ),
    ...bodies.map((body) => fetch(`${base}/api/files/content-only-update`, { method: 'POST', headers: json, body }).then((r) => r.text())),
  ]);
  const during = await pollHealth(base, heavy);
  const heavyMs = performance.now() - t0;
  loop.disable();
  const stallDuring = loop.max / 1e6;
  await app.close();
  console.log(
    `${label}: four exports and four saves of ${(LARGE_BYTES / 1e6).toFixed(2)} MB took ${(heavyMs / 1000).toFixed(1)} s; ${during.length} health answers meanwhile`,
  );
  report(`${label}: health p50 during heavy work`, percentile(during, 50), percentile(alone, 50), 'ms', 'p99 < 50 ms');
  report(`${label}: health p99 during heavy work`, percentile(during, 99), percentile(alone, 99), 'ms', 'p99 < 50 ms');
  // A blocked loop stalls few requests, each for long: p99 of a few hundred answers can miss them.
  report(`${label}: slowest health answer during heavy work`, Math.max(...during), Math.max(...alone), 'ms', 'well under a second');
  // Separates the event loop from the database: a health answer also waits for its query.
  report(`${label}: longest event-loop stall during heavy work`, stallDuring, stallAlone, 'ms', 'well under a second');
}

async function timeExport(heavyWork: HeavyWork, json: string, format: (typeof FORMATS)[number], runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await heavyWork.exportDocument(json, { title: 'Manuscript', format });
    times.push(performance.now() - t0);
  }
  return percentile(times, 50);
}

const pooled = createHeavyWork();
await healthUnderLoad('worker threads', pooled);
await healthUnderLoad('inline (no worker threads)', inlineHeavyWork);

const largeJson = JSON.stringify(largeDocument(LARGE_BYTES));
await pooled.exportDocument(largeJson, { title: 'warm-up', format: 'txt' });
for (const format of FORMATS) {
  report(
    `export of 4.85 MB as .${format}, worker vs inline`,
    await timeExport(pooled, largeJson, format, 3),
    await timeExport(inlineHeavyWork, largeJson, format, 3),
    'ms',
    '≈ 1× (the work moves, it does not shrink)',
  );
}
// Everything to the pool: the round trip's cost on small documents, which decides INLINE_BELOW_BYTES.
const always = createHeavyWork({ inlineBelowBytes: 0 });
await always.exportDocument(largeJson, { title: 'warm-up', format: 'txt' });
for (const bytes of [4 * 1024, 16 * 1024, 64 * 1024, 256 * 1024]) {
  const json = JSON.stringify(largeDocument(bytes));
  report(
    `export of ${bytes / 1024} KB as .md, worker vs inline`,
    await timeExport(always, json, 'md', 20),
    await timeExport(inlineHeavyWork, json, 'md', 20),
    'ms',
    `≈ 1× below INLINE_BELOW_BYTES (${INLINE_BELOW_BYTES / 1024} KB), kept inline so it never queues behind a large export`,
  );
}
await always.close();
await pooled.close();
