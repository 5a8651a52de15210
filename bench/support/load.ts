// The load generator of bench/load.bench.ts: writers that save back to back, and their figures.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** One writer: a signed-in account and the document it keeps saving. */
export interface Writer {
  headers: Record<string, string>;
  fileId: string;
  revision: number;
}

/** What a load run measured. */
export interface LoadFigures {
  saves: number;
  errors: number;
  firstError: string | null;
  savesPerSecond: number;
  p50: number;
  p99: number;
}

/** A document of about 5 KB of prose whose words change with `n`: what an autosave sends. */
export function draft(n: number) {
  const sentence = `Draft ${n}: the harbour wakes slowly, boats knock against the quay and gulls argue over the nets.`;
  return { type: 'doc', content: Array.from({ length: 50 }, (_, i) => ({ type: 'paragraph', content: [{ type: 'text', text: `${i} ${sentence}` }] })) };
}

/** The p-th percentile of some latencies (ms). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Every writer saves its document back to back for `seconds` (each save waits for the last, as
 * autosave does; Node's fetch keeps one connection per writer alive), writer i against `bases[i % bases.length]`: a round-robin load balancer with
 * sticky writers. Each save carries its base revision and a new X-Operation-Id, like the editor's.
 */
export async function runWriters(writers: Writer[], bases: string[], seconds: number): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let counter = 0;
  // Operation ids are remembered for 24 h: a second run reusing one would get the first run's answer.
  const run = randomUUID().slice(0, 8);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    writers.map(async (writer, index) => {
      const base = bases[index % bases.length]!;
      while (performance.now() < until) {
        const operationId = `load-${run}-${index}-${(counter += 1)}`;
        const body = JSON.stringify({ fileId: writer.fileId, content: draft(counter), baseRevision: writer.revision, operationId });
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/files/content-only-update`, {
            method: 'POST',
            headers: { ...writer.headers, 'content-type': 'application/json', 'x-operation-id': operationId },
            body,
          });
          const text = await res.text();
          latencies.push(performance.now() - t0);
          if (res.status !== 200) {
            errors += 1;
            firstError ??= `${res.status} ${text.slice(0, 200)}`;
            continue;
          }
          writer.revision = (JSON.parse(text) as { revision: number }).revision;
        } catch (error) {
          errors += 1;
          firstError ??= String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    saves: latencies.length,
    errors,
    firstError,
    savesPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** A process's resident memory in MB, from /proc (Linux). */
export function residentMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
}

/** Busy and total CPU time of the whole machine so far, in clock ticks, from /proc/stat (Linux). */
export interface MachineCpu {
  busy: number;
  total: number;
}
export function machineCpu(): MachineCpu {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are the time no work was done.
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** CPU time a process has used so far (user + system), in clock ticks, from /proc (Linux). */
export function processCpuTicks(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(after[11]) + Number(after[12]);
}

/** CPU ticks a process used between two readings. */
export interface CpuSpan {
  from: number;
  to: number;
}

/**
 * Where the machine's CPU went during a run, in cores: each Bree process, this load generator, and
 * everything else (PostgreSQL). When the machine is near its core count, a second process has nothing to add.
 */
export function describeCpu({
  cores,
  from,
  to,
  processes,
  generator,
}: {
  cores: number;
  from: MachineCpu;
  to: MachineCpu;
  processes: CpuSpan[];
  generator: CpuSpan;
}): string {
  const total = to.total - from.total;
  const inCores = (ticks: number): string => ((ticks / total) * cores).toFixed(2);
  const bree = processes.map((p) => p.to - p.from);
  const load = generator.to - generator.from;
  const rest = to.busy - from.busy - load - bree.reduce((a, b) => a + b, 0);
  return (
    `CPU during the run, in cores: ${bree.map((t, i) => `Bree process ${i + 1} ${inCores(t)}`).join(', ')}, the load generator ${inCores(load)},` +
    ` everything else (PostgreSQL) ${inCores(rest)}: ${inCores(to.busy - from.busy)} of ${cores} busy`
  );
}
