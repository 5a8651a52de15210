// Local checks benchmark (docs/CHECKS.md "Local checks"): every local rule over a 50,000-word
// document (about 600 paragraphs of varied prose, dialogue, lists and headings, generated the same
// way each run), run in a worker thread as the browser runs them in the checks worker, against
// splitting the same text into words in that worker, in the same run. Target: under 300 ms. While
// the checks run, a timer on the main thread measures how late it fires (typing needs it within a
// frame), against the same timer over an idle wait as long, which shows what the machine's other work costs.
import { Worker } from 'node:worker_threads';
import { DEFAULT_CHECK_SETTINGS } from '@bree/contracts';
import type { CheckBlock } from '@bree/contracts';
import { report } from './lib';

const WORDS = 50_000;
const ITERATIONS = 10;

/** A small seeded generator, so every run checks the same document. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const SUBJECTS = ['The ferry', 'Anna', 'The mayor', 'Her brother', 'The old captain', 'Nobody in the village', 'The children', 'We', 'I', 'The storm'];
const VERBS = [
  'waited by',
  'walked along',
  'remembered',
  'counted the boats in',
  'listened to',
  'turned away from',
  'was taken to',
  'was never seen near',
  'carried the rope across',
  'watched',
];
const PLACES = [
  'the harbour',
  'the long pier',
  'the church wall',
  'the market square',
  'the grey water',
  'the lighthouse',
  'the bridge over the river',
  'the bakery on the hill',
];
const TAILS = [
  '',
  ' before the bell rang for evening',
  ' while the gulls wheeled slowly overhead',
  ' and the rain came in off the sea, really quite cold, at the end of the day',
  ' because the tide had turned and, I think, the wind was sort of rising',
  ' although the lanterns were lit and the boats were drawn up on the stones, one after another, in the failing light',
];

function sentence(rand: () => number): string {
  if (rand() < 0.12)
    return `“${pick(rand, ['Come inside', 'It was really very cold', 'Perhaps tomorrow', 'The boat was stolen'])},” ${pick(rand, ['she said', 'he called', 'Anna whispered'])}.`;
  return `${pick(rand, SUBJECTS)} ${pick(rand, VERBS)} ${pick(rand, PLACES)}${pick(rand, TAILS)}.`;
}

/** About 600 paragraphs to 50,000 words: prose of 3–9 sentences, with a heading every 40 and a short list every 25. */
function manuscript(rand: () => number): CheckBlock[] {
  const blocks: CheckBlock[] = [];
  let words = 0;
  while (words < WORDS) {
    const n = blocks.length;
    let block: CheckBlock;
    if (n % 40 === 0) block = { id: `b${n}`, type: 'heading', text: `Chapter ${n / 40 + 1}` };
    else if (n % 25 === 0) block = { id: `b${n}`, type: 'listItem', text: sentence(rand) };
    else block = { id: `b${n}`, type: 'paragraph', text: Array.from({ length: 3 + Math.floor(rand() * 7) }, () => sentence(rand)).join(' ') };
    blocks.push(block);
    words += block.text.split(/\s+/).length;
  }
  return blocks;
}

const worker = new Worker(new URL('./support/checks.worker.mjs', import.meta.url));

/** Watches the main thread: how late a 1 ms timer fires at worst until stopped. */
function watchMainThread(): () => number {
  let last = performance.now();
  let lateMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    lateMs = Math.max(lateMs, now - last - 1);
    last = now;
  }, 1);
  return () => {
    clearInterval(tick);
    return lateMs;
  };
}

/** One trip to the worker and back, timed on the main thread, with the main thread's worst timer delay meanwhile. */
function roundTrip(message: object): Promise<{ ms: number; count: number; lateMs: number }> {
  return new Promise((resolve) => {
    const stop = watchMainThread();
    const t0 = performance.now();
    worker.once('message', ({ count }: { count: number }) => resolve({ ms: performance.now() - t0, count, lateMs: stop() }));
    worker.postMessage(message);
  });
}

/** The main thread's worst timer delay over `ms` with nothing running: what the machine's other work costs alone. */
function idle(ms: number): Promise<number> {
  return new Promise((resolve) => {
    const stop = watchMainThread();
    setTimeout(() => resolve(stop()), ms);
  });
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median time and median worst delay of ITERATIONS round trips, after 3 to warm up. */
async function median(message: object): Promise<{ ms: number; count: number; lateMs: number }> {
  for (let i = 0; i < 3; i++) await roundTrip(message);
  const runs: Array<{ ms: number; count: number; lateMs: number }> = [];
  for (let i = 0; i < ITERATIONS; i++) runs.push(await roundTrip(message));
  return { ms: middle(runs.map((r) => r.ms)), count: runs[0]!.count, lateMs: middle(runs.map((r) => r.lateMs)) };
}

const blocks = manuscript(random(40));
const total = blocks.reduce((sum, b) => sum + b.text.split(/\s+/).length, 0);
const splitting = await median({ kind: 'split', blocks });
const checking = await median({ kind: 'check', blocks, settings: DEFAULT_CHECK_SETTINGS });
const idleLate: number[] = [];
for (let i = 0; i < ITERATIONS; i++) idleLate.push(await idle(checking.ms));
await worker.terminate();
if (checking.count < 1_000) throw new Error(`only ${checking.count} findings: the document does not exercise the rules`);
console.log(`${blocks.length} blocks, ${total} words, ${checking.count} findings`);
report('local checks, 50,000 words, in a worker thread (median round trip)', checking.ms, splitting.ms, 'ms', 'under 300 ms');
report(
  "main thread's worst timer delay while the checks run (median of runs) vs idle as long",
  checking.lateMs,
  middle(idleLate),
  'ms',
  'under 16.7 ms, one frame',
);
