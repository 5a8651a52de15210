import { availableParallelism } from 'node:os';
import { nestsDeeperThan, type DocContent, type VoiceStats } from '@bree/contracts';
import { DOC_LIMITS, type DocJSON } from '@bree/editor';
import type Piscina from 'piscina';
import { prepareContent, preparedFromMeasure, type PreparedContent } from '../../modules/files/files.content';
import { exportDocumentLazily as exportDocument } from '../../modules/files/files.exporters';
import type { ExportOptions } from '../../modules/files/files.export';
import { computeStylometrics } from '../../modules/voice/voice.stylometrics';
import type { HeavyResult, HeavyTask } from './heavy.tasks';

/**
 * Inputs smaller than this run on the main thread. Below it the work takes about as long as a
 * worker round trip (tens of milliseconds at most, bench/heavy-requests.bench.ts measures both),
 * and an ordinary save must not wait in the pool's queue behind a large export.
 */
export const INLINE_BELOW_BYTES = 64 * 1024;

export interface ExportedFile {
  body: string | Buffer;
  contentType: string;
  extension: string;
}

/** CPU-heavy work (exports, validation of saved documents, stylometrics) kept off the event loop. */
export interface HeavyWork {
  /** `stored` is the document, or its stored JSON text (then no copy of the tree is made on this thread). */
  exportDocument(stored: DocJSON | string, opts: ExportOptions): Promise<ExportedFile>;
  prepareContent(content: DocContent | DocJSON): Promise<PreparedContent>;
  computeStylometrics(text: string): Promise<VoiceStats>;
  /** How many tasks worker threads have finished (tests and benchmarks read it). */
  offThreadTasks(): number;
  close(): Promise<void>;
}

/** The default number of worker threads: every core but the one the event loop runs on. */
export function defaultWorkerThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

function fromResult<K extends HeavyResult['kind']>(result: HeavyResult, kind: K): Extract<HeavyResult, { kind: K }> {
  if (result.kind !== kind) throw new Error(`A worker answered a ${kind} task with ${result.kind}.`);
  return result as Extract<HeavyResult, { kind: K }>;
}

/**
 * One pool of worker threads per process. Threads start with the first large task (a process
 * that never exports a large document never starts one) and stay; idle, they keep no process alive.
 * `inlineBelowBytes` decides what stays on the main thread (0 sends everything to the pool).
 */
export function createHeavyWork({
  threads = defaultWorkerThreads(),
  inlineBelowBytes = INLINE_BELOW_BYTES,
}: { threads?: number; inlineBelowBytes?: number } = {}): HeavyWork {
  // piscina itself loads with the first large task too.
  let pool: Promise<Piscina<HeavyTask, HeavyResult>> | null = null;
  let finished = 0;
  const run = async (task: HeavyTask): Promise<HeavyResult> => {
    pool ??= import('piscina').then(
      ({ default: WorkerPool }) =>
        new WorkerPool<HeavyTask, HeavyResult>({
          filename: new URL('./heavy.worker.mjs', import.meta.url).href,
          minThreads: threads,
          maxThreads: threads,
          idleTimeout: Infinity,
        }),
    );
    const result = await (await pool).run(task);
    finished += 1;
    return result;
  };

  return {
    async exportDocument(stored, opts) {
      const json = typeof stored === 'string' ? stored : JSON.stringify(stored);
      if (json.length < inlineBelowBytes) return exportDocument(typeof stored === 'string' ? (JSON.parse(stored) as DocJSON) : stored, opts);
      const file = fromResult(await run({ kind: 'export', json, ...opts }), 'export');
      // A Buffer crosses the thread as a plain Uint8Array.
      const body = typeof file.body === 'string' ? file.body : Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength);
      return { body, contentType: file.contentType, extension: file.extension };
    },
    async prepareContent(content) {
      let json: string | null = null;
      if (typeof content !== 'string') {
        try {
          json = JSON.stringify(content);
        } catch (error) {
          // JSON.stringify recurses, and a tree thousands of levels deep overflows the stack. Measured
          // only then, so an ordinary save pays nothing: the inline validation refuses it as too deep.
          if (nestsDeeperThan({ value: content, maxDepth: DOC_LIMITS.maxJsonDepth })) return prepareContent(content);
          throw error;
        }
      }
      const length = json?.length ?? (content as string).length;
      if (length < inlineBelowBytes) return prepareContent(content);
      // Plain text is small to send as it is; a tree goes as its JSON.
      const task: HeavyTask = json === null ? { kind: 'prepare', text: content as string } : { kind: 'prepare', json };
      return preparedFromMeasure(fromResult(await run(task), 'prepare').outcome);
    },
    async computeStylometrics(text) {
      if (text.length < inlineBelowBytes) return computeStylometrics(text);
      return fromResult(await run({ kind: 'stylometrics', text }), 'stylometrics').stats;
    },
    offThreadTasks: () => finished,
    async close() {
      await (await pool)?.close();
      pool = null;
    },
  };
}

/** Everything on the calling thread: for command-line tools and unit tests of single modules. */
export const inlineHeavyWork: HeavyWork = {
  exportDocument: (stored, opts) => exportDocument(typeof stored === 'string' ? (JSON.parse(stored) as DocJSON) : stored, opts),
  prepareContent: async (content) => prepareContent(content),
  computeStylometrics: async (text) => computeStylometrics(text),
  offThreadTasks: () => 0,
  close: async () => undefined,
};
