// A primary failover under a load of writers autosaving (issue 44): a pg_auto_failover pair on this
// machine (bench/support/pg-auto-failover.ts), one Bree on `DATABASE_URL=postgres://…@node1,node2/
// bree?target_session_attrs=read-write`, writers saving over HTTP as the editor does (base revision,
// a save key per text, the same key again after a 503 or no answer), then kill -9 of the primary's
// postmaster mid-load (FAILOVER_KILL=node: of its pg_autoctl too, the machine gone). The load goes on through the promotion; at the end every save
// Bree answered 200 is looked for on the new primary: its receipt (the save key), and each document's
// text and revision as last acknowledged. Prints writes acknowledged, writes found, seconds without a
// primary and seconds until Bree served again; also whether pg-boss and the LISTEN connection came back.
// Run as root: `npm run bench failover` (FAILOVER_FAST=1 shortens the monitor's health checks;
// FAILOVER_WRITERS, FAILOVER_SECONDS change the load). Everything it starts is stopped on exit.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WRITABLE_SQL } from '../apps/server/src/db/postgres-hosts';
import { httpSignUp } from '../apps/server/test/multiprocess/http-sign-in';
import { removeDataDir, startBree, type BreeServer } from '../apps/web/e2e/fixtures/server';
import { pgAutoFailoverMissing, queryOnce, startFailoverPair, type FailoverPair } from './support/pg-auto-failover';
import { draft } from './support/load';

const WRITERS = Number(process.env.FAILOVER_WRITERS ?? 12); // the sign-up page allows 20 a minute per address
const SECONDS_AFTER = Number(process.env.FAILOVER_SECONDS ?? 15);
const FAST = process.env.FAILOVER_FAST === '1';
const WHOLE_NODE = process.env.FAILOVER_KILL === 'node';
const DATABASE = 'bree';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ack {
  saveKey: string;
  revision: number;
  marker: string;
  at: number;
}
interface Writer {
  headers: Record<string, string>;
  tenantId: string;
  fileId: string;
  revision: number;
  acks: Ack[];
}

const missing = pgAutoFailoverMissing();
if (missing) {
  console.log(`failover bench skipped: ${missing}`);
  process.exit(0);
}

let pair: FailoverPair | null = null;
let bree: BreeServer | null = null;
let cleaning: Promise<void> | null = null;
const cleanUp = () =>
  (cleaning ??= (async () => {
    await bree?.stop().catch(() => undefined);
    if (bree) removeDataDir(bree.dataDir);
    await pair?.stop().catch((error: unknown) => console.error('stopping the pair:', error));
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

/** One save, sent again with the same key after a 503 or no answer, until Bree answers otherwise. */
async function save(writer: Writer, url: string, n: number, stopBy: number): Promise<void> {
  const saveKey = `failover-${randomUUID()}`;
  const content = draft(n);
  const marker = content.content[0]!.content[0]!.text;
  const body = JSON.stringify({ fileId: writer.fileId, content, baseRevision: writer.revision, operationId: saveKey });
  while (Date.now() < stopBy) {
    const res = await fetch(`${url}/api/files/content-only-update`, {
      method: 'POST',
      headers: { ...writer.headers, 'content-type': 'application/json', 'x-operation-id': saveKey },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    const text = res ? await res.text().catch(() => '') : '';
    if (res?.status === 200) {
      writer.revision = (JSON.parse(text) as { revision: number }).revision;
      writer.acks.push({ saveKey, revision: writer.revision, marker, at: Date.now() });
      return;
    }
    // The editor retries on its own (2 s, doubling); a shorter pause here measures the outage more finely.
    if (!res || res.status === 503 || res.status === 502) {
      await sleep(250);
      continue;
    }
    if (res.status === 409) {
      // As the editor does: the server's text the same as ours is this save, committed; another text
      // is a conflict the writer would choose in (noted, and the next save goes on from its revision).
      const details = (
        JSON.parse(text) as { error: { details: { currentRevision: number; content: { content: Array<{ content: Array<{ text: string }> }> } } } }
      ).error.details;
      const theirs = details.content.content[0]?.content[0]?.text ?? '';
      const lastAck = writer.acks.at(-1);
      if (theirs !== marker) {
        conflicts.push(
          `${writer.fileId}: base ${writer.revision}, server at ${details.currentRevision} with ${writer.acks.some((a) => a.marker === theirs) ? 'an acknowledged' : 'an unacknowledged'} text; last acknowledged revision ${lastAck?.revision}`,
        );
      } else sameText += 1;
      writer.revision = details.currentRevision;
      return;
    }
    throw new Error(`save answered ${res.status}: ${text.slice(0, 200)}`);
  }
}
/** 409s of a save whose text the server held already (committed, its answer lost), and of another text. */
let sameText = 0;
const conflicts: string[] = [];

async function main(): Promise<void> {
  console.log(`Setting up a pg_auto_failover monitor and two nodes${FAST ? ' (fast health checks)' : ''}…`);
  pair = await startFailoverPair({ database: DATABASE, fast: FAST });
  const [primary, standby] = pair.nodes;
  const sync = await queryOnce<{ names: string }>(primary!.port, DATABASE, "select current_setting('synchronous_standby_names') as names");
  console.log(`Pair ready: ${pair.url} (synchronous_standby_names = '${sync[0]?.names}')`);
  await queryOnce(primary!.port, DATABASE, 'create extension if not exists pg_trgm');
  bree = await startBree({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'bree-failover-data-')), env: { DATABASE_URL: pair.url, LOG_LEVEL: 'error' } });
  const url = bree.url;

  const writers: Writer[] = [];
  for (let i = 0; i < WRITERS; i += 1) {
    const session = await httpSignUp(url, { email: `failover${i}@example.com`, password: 'failover bench password' });
    const headers = { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.sub };
    const created = await fetch(`${url}/api/files/create`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ filePath: `Chapter ${i}`, content: draft(0) }),
    });
    if (created.status !== 200) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const file = ((await created.json()) as { file: { id: string; revision: number } }).file;
    writers.push({ headers, tenantId: session.sub, fileId: file.id, revision: file.revision, acks: [] });
  }

  let killedAt = 0;
  let stopAt = Number.POSITIVE_INFINITY;
  const load = Promise.all(
    writers.map(async (writer, index) => {
      for (let n = 1; Date.now() < stopAt; n += 1) {
        await save(writer, url, index * 1_000_000 + n, Date.now() + 120_000);
        await sleep(100);
      }
    }),
  );
  await sleep(8_000);
  const before = writers.reduce((sum, w) => sum + w.acks.length, 0);
  console.log(`Load running: ${before} saves acknowledged in 8 s. Killing node1 (${WHOLE_NODE ? 'pg_autoctl and postmaster' : 'its postmaster'}, kill -9)…`);
  killedAt = Date.now();
  pair.killNode(primary!.name, { whole: WHOLE_NODE });
  // Which node accepts writes, sampled every 250 ms until the end: two at once would be a split brain,
  // and a node pg_autoctl restarts may accept writes for a moment before it is demoted.
  const samples: Array<{ at: number; writable: string[]; line: string }> = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const states = [];
      for (const node of pair.nodes) {
        const rows = await queryOnce<{ writable: boolean }>(node.port, DATABASE, WRITABLE_SQL).catch(() => null);
        states.push({ name: node.name, state: rows ? (rows[0]?.writable ? 'writable' : 'read-only') : 'down' });
      }
      samples.push({
        at: Date.now(),
        writable: states.filter((n) => n.state === 'writable').map((n) => n.name),
        line: states.map((n) => `${n.name} ${n.state}`).join(', '),
      });
      await sleep(250);
    }
  })();
  // The load goes on until SECONDS_AFTER after the first save acknowledged once a node accepted writes.
  while (!samples.some((x) => x.writable.length > 0)) await sleep(100);
  const firstWritable = samples.find((x) => x.writable.length > 0)!.at;
  while (!writers.some((w) => w.acks.some((a) => a.at > firstWritable))) await sleep(100);
  stopAt = Date.now() + SECONDS_AFTER * 1000;
  await load;
  sampling = false;
  await sampler;
  // The primary now, and since when it has accepted writes without a break; the seconds with no node accepting writes before that.
  const finalName = samples.at(-1)!.writable[0] ?? standby!.name;
  const current = pair.nodes.find((n) => n.name === finalName)!;
  let writableAt = samples.at(-1)!.at;
  for (let i = samples.length - 1; i >= 0 && samples[i]!.writable.includes(finalName); i -= 1) writableAt = samples[i]!.at;
  let withoutPrimary = 0;
  for (let i = 0, from = killedAt; i < samples.length && samples[i]!.at <= writableAt; from = samples[i]!.at, i += 1) {
    if (i === 0 || samples[i - 1]!.writable.length === 0) withoutPrimary += samples[i]!.at - from;
  }
  const timeline = samples.filter((x, i) => i === 0 || x.line !== samples[i - 1]!.line).map((x) => `${((x.at - killedAt) / 1000).toFixed(1)} s: ${x.line}`);

  const acknowledged = writers.reduce((sum, w) => sum + w.acks.length, 0);
  const times = [killedAt, ...writers.flatMap((w) => w.acks.map((a) => a.at)).filter((at) => at > killedAt)].sort((a, b) => a - b);
  let servedAt = killedAt;
  let lastBefore = killedAt;
  for (let i = 1, gap = 0; i < times.length; i += 1) {
    if (times[i]! - times[i - 1]! > gap) [gap, lastBefore, servedAt] = [times[i]! - times[i - 1]!, times[i - 1]!, times[i]!];
  }
  let found = 0;
  const wrong: string[] = [];
  for (const writer of writers) {
    const keys = writer.acks.map((a) => a.saveKey);
    const receipts = await queryOnce<{ n: number }>(
      current.port,
      DATABASE,
      'select count(*)::int as n from file_operations where tenant_id = $1 and operation_id = any($2)',
      [writer.tenantId, keys],
    );
    found += receipts[0]?.n ?? 0;
    const [row] = await queryOnce<{ revision: number; marker: string }>(
      current.port,
      DATABASE,
      "select revision, content->'content'->0->'content'->0->>'text' as marker from files where id = $1",
      [writer.fileId],
    );
    const last = writer.acks.at(-1)!;
    if (row?.revision !== last.revision || row.marker !== last.marker)
      wrong.push(`${writer.fileId}: revision ${row?.revision} (acknowledged ${last.revision})`);
  }
  // Bree's LISTEN connection on the new primary (it reconnects every 0.2 s doubling to 5 s): within 10 s.
  const listeningOn = async () =>
    (await queryOnce<{ n: number }>(current.port, DATABASE, "select count(*)::int as n from pg_stat_activity where query like 'listen %'").catch(() => []))[0]
      ?.n ?? 0;
  let listening = await listeningOn();
  for (const by = Date.now() + 10_000; listening === 0 && Date.now() < by; listening = await listeningOn()) await sleep(500);
  // pg-boss: the minute's hold sweep, scheduled and run by Bree's jobs, completed on the new primary after the kill.
  let jobAt = 0;
  const jobsBy = Date.now() + 150_000;
  while (!jobAt && Date.now() < jobsBy) {
    const [job] = await queryOnce<{ at: Date | null }>(
      current.port,
      DATABASE,
      "select max(completed_on) as at from pgboss.job where state = 'completed' and completed_on > $1",
      [new Date(writableAt)],
    ).catch(() => []);
    if (job?.at) jobAt = job.at.getTime();
    else await sleep(2000);
  }

  console.log(`\n## Failover under load: ${WRITERS} writers, node1's ${WHOLE_NODE ? 'pg_autoctl and postmaster' : 'postmaster'} killed 8 s into the load`);
  console.log(`writes acknowledged: ${acknowledged} (${before} before the kill)`);
  console.log(
    `writes found on the new primary: ${found} of ${acknowledged}; documents at their last acknowledged text and revision: ${writers.length - wrong.length} of ${writers.length}`,
  );
  for (const line of wrong) console.log(`  MISMATCH ${line}`);
  console.log(`409 answers: ${sameText} with the text sent (committed, as the editor counts them), ${conflicts.length} with another`);
  for (const line of conflicts) console.log(`  CONFLICT ${line}`);
  console.log(
    `seconds without a primary: ${(withoutPrimary / 1000).toFixed(1)} (${finalName} accepts writes without a break from ${((writableAt - killedAt) / 1000).toFixed(1)} s after the kill)`,
  );
  console.log(
    `seconds until Bree served again: ${((servedAt - killedAt) / 1000).toFixed(1)} (no restart; the last save before the pause was acknowledged ${((lastBefore - killedAt) / 1000).toFixed(1)} s after the kill, the first after it ${((servedAt - writableAt) / 1000).toFixed(1)} s after the new primary accepted writes)`,
  );
  console.log(`LISTEN connections on the new primary: ${listening}`);
  console.log(`primary after the kill: ${current.name}; which node accepted writes, from the kill on:\n  ${timeline.join('\n  ')}`);
  console.log(
    jobAt
      ? `background jobs: a pg-boss job completed on the new primary ${((jobAt - killedAt) / 1000).toFixed(0)} s after the kill`
      : 'background jobs: none completed within 150 s of the promotion',
  );
  console.log(`node states now: ${(await pair.states()).map((s) => `${s.name} ${s.reported}/${s.assigned}`).join(', ')}`);
  if (found !== acknowledged || wrong.length > 0) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
