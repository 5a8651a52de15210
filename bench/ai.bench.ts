// Assistant benchmark: time to first token of an AI operation through Bree (POST /api/ai/operations
// asking for its event stream, as the editor does, over real HTTP; Bree in its own process with its
// pg-boss jobs, as `npm start` runs it) against calling the same fake OpenAI-compatible provider directly, in the same run,
// with a scripted stream of paced deltas. Also compares the gaps between tokens, to show Bree
// forwards deltas as they come (no buffering). PGlite by default; PostgreSQL with BENCH_DATABASE_URL.
// A floor, measured in the same run, shows what this machine and database cost any server doing the
// same kind of work (bench/support/ai-floor.ts), so Bree's own share can be told from the machine's.
// A question in the chat panel is timed the same way, beside them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import type { FakeScript } from '../apps/server/test/fakes/fake-ai-provider';

const DELTAS = 50;
const INTERVAL_MS = 2;
const WARMUPS = 5;
const ITERATIONS = 60;

const chunks = Array.from({ length: DELTAS }, (_, i) => (i === DELTAS / 2 ? 'word.\n\n' : `word${i} `));
const script: FakeScript = { kind: 'stream', chunks, intervalMs: INTERVAL_MS, usage: { input: 100, output: DELTAS } };

/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

interface Timing {
  /** ms from the request start to the first content delta. */
  ttft: number;
  /** ms between consecutive content deltas. */
  gaps: number[];
  deltas: number;
  /** Through Bree only: ms until the operation id arrived (the stream's `started` event). */
  started?: number;
}

/** Reads an SSE body frame by frame, calling `onFrame` with each frame's event name and data as they arrive. */
async function readSse(res: Response, onFrame: (event: string, data: string) => void): Promise<void> {
  if (!res.body) throw new Error('no response body');
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const part of res.body) {
    buffer += decoder.decode(part, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '';
      onFrame(event, data);
    }
  }
}

function timing(started: number, arrivals: number[]): Timing {
  if (arrivals.length === 0) throw new Error('no delta arrived');
  return { ttft: arrivals[0]! - started, gaps: arrivals.slice(1).map((t, i) => t - arrivals[i]!), deltas: arrivals.length };
}

/** Starts a bench helper in its own process (Node with tsx's loader, so a kill reaches it) and reads its first JSON line. */
async function spawnHelper<T>(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<T>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, ready };
}

// Three processes, as in production: the author's client (this one), Bree, and the provider.
// Sharing an event loop with either of the others would charge one for the other's work.
const provider = await spawnHelper<{ baseUrl: string }>('bench/support/ai-provider.ts', { FAKE_SCRIPT: JSON.stringify(script) });
const fake = provider.ready;
const { child, ready } = await spawnHelper<{ port: number; token: string; sub: string; fileId: string; database: string }>('bench/support/ai-server.ts', {
  FAKE_BASE_URL: fake.baseUrl,
});
// Started once Bree's process has set up the database (on PostgreSQL they share it).
const floor = await spawnHelper<{ port: number }>('bench/support/ai-floor.ts', { FAKE_BASE_URL: fake.baseUrl });

try {
  const bree = `http://127.0.0.1:${ready.port}`;
  const headers = { authorization: `Bearer ${ready.token}`, 'x-tenant-id': ready.sub };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const text = 'rough draft words here\n\nmore rough words';
  const fileId = ready.fileId;

  /** (a) The fake provider called directly, as Bree's gateway would call it. */
  async function direct(): Promise<Timing> {
    const arrivals: number[] = [];
    const started = performance.now();
    const res = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'fake-fast',
        stream: true,
        messages: [
          { role: 'system', content: 'Improve the text.' },
          { role: 'user', content: text },
        ],
      }),
    });
    if (res.status !== 200) throw new Error(`fake answered ${res.status}`);
    await readSse(res, (_event, data) => {
      const now = performance.now();
      if (!data || data === '[DONE]') return;
      const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
      if (chunk.choices?.[0]?.delta?.content) arrivals.push(now);
    });
    return timing(started, arrivals);
  }

  /**
   * (a') The same call through the AI SDK in this process, as Bree's gateway makes it: not the
   * target's baseline (that is the raw call above), but it shows how much of the added time is the SDK's.
   */
  const sdkModel = createOpenAICompatible({ name: 'openai-compatible', baseURL: fake.baseUrl, includeUsage: true })('fake-fast');
  async function directSdk(): Promise<Timing> {
    const arrivals: number[] = [];
    const started = performance.now();
    const result = streamText({ model: sdkModel, system: 'Improve the text.', prompt: text, maxRetries: 0, maxOutputTokens: 4000 });
    for await (const part of result.fullStream) if (part.type === 'text-delta' && part.text) arrivals.push(performance.now());
    return timing(started, arrivals);
  }

  /** (b) Through Bree (or the floor at `base`): start an Enhance on the fast tier, then follow its event stream. */
  async function throughBree(base = bree): Promise<Timing> {
    const arrivals: number[] = [];
    const started = performance.now();
    let answered = 0;
    // As the editor does it: one request that starts the operation and streams its events, named by
    // an X-Operation-Id so that a start resent after a lost connection follows the first one.
    const stream = await fetch(`${base}/api/ai/operations`, {
      method: 'POST',
      headers: { ...jsonHeaders, accept: 'text/event-stream', 'x-operation-id': randomUUID() },
      body: JSON.stringify({ fileId, action: 'enhance', selection: { text, nodeIds: ['n1', 'n2'] }, tier: 'fast' }),
    });
    if (stream.status !== 200) throw new Error(`ai/operations answered ${stream.status}: ${await stream.text()}`);
    let last = '';
    await readSse(stream, (event) => {
      const now = performance.now();
      last = event;
      if (event === 'started') answered = now - started;
      if (event === 'delta') arrivals.push(now);
    });
    if (last !== 'done') throw new Error(`operation stream ended with ${last}, not done`);
    return { ...timing(started, arrivals), started: answered };
  }

  /**
   * (c) A question in the chat panel, its reply streamed as the panel asks for it. The conversation
   * is cleared before each (outside the timing), so every run is a first question about the document.
   */
  async function chat(): Promise<Timing> {
    const cleared = await fetch(`${bree}/api/chat/${fileId}`, { method: 'DELETE', headers });
    if (cleared.status !== 200) throw new Error(`clearing the chat answered ${cleared.status}`);
    const arrivals: number[] = [];
    const started = performance.now();
    const res = await fetch(`${bree}/api/chat/${fileId}/messages`, {
      method: 'POST',
      headers: { ...jsonHeaders, accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'What is this about?' }),
    });
    if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
    let last = '';
    await readSse(res, (event) => {
      last = event;
      if (event === 'delta') arrivals.push(performance.now());
    });
    if (last !== 'done') throw new Error(`chat stream ended with ${last}, not done`);
    return timing(started, arrivals);
  }

  const floorBase = `http://127.0.0.1:${floor.ready.port}`;
  for (let i = 0; i < WARMUPS; i++) {
    await direct();
    await directSdk();
    await throughBree();
    await throughBree(floorBase);
    await chat();
  }
  const directRuns: Timing[] = [];
  const sdkRuns: Timing[] = [];
  const breeRuns: Timing[] = [];
  const floorRuns: Timing[] = [];
  const chatRuns: Timing[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    // Interleaved, so both sides see the same machine state; alternate which goes first.
    if (i % 2 === 0) {
      directRuns.push(await direct());
      breeRuns.push(await throughBree());
    } else {
      breeRuns.push(await throughBree());
      directRuns.push(await direct());
    }
    sdkRuns.push(await directSdk());
    floorRuns.push(await throughBree(floorBase));
    chatRuns.push(await chat());
  }

  const badCount = breeRuns.find((r) => r.deltas !== DELTAS) ?? directRuns.find((r) => r.deltas !== DELTAS);
  if (badCount) throw new Error(`expected ${DELTAS} deltas per run, saw ${badCount.deltas}`);

  const directTtft = directRuns.map((r) => r.ttft);
  const breeTtft = breeRuns.map((r) => r.ttft);
  const matched = breeRuns.map((r, i) => r.ttft - directRuns[i]!.ttft);
  const fmt = (n: number): string => n.toFixed(2);

  console.log(
    `\n## AI time to first token on ${ready.database} (${ITERATIONS} runs after ${WARMUPS} warm-ups; fake stream of ${DELTAS} deltas, ${INTERVAL_MS} ms apart)`,
  );
  for (const p of [50, 99]) {
    const target = p === 50 ? 5 : 20;
    const byPercentile = percentile(breeTtft, p) - percentile(directTtft, p);
    const perRun = percentile(matched, p);
    const ok = Math.max(byPercentile, perRun) <= target ? 'met' : 'MISSED';
    console.log(
      `time to first token p${p}: through Bree ${fmt(percentile(breeTtft, p))} ms vs direct baseline ${fmt(percentile(directTtft, p))} ms` +
        ` → added ${fmt(byPercentile)} ms by percentile, ${fmt(perRun)} ms matched per run (target added p${p} ≤ ${target} ms: ${ok})`,
    );
  }

  const sdkTtft = percentile(
    sdkRuns.map((r) => r.ttft),
    50,
  );
  console.log(
    `  of which the AI SDK's own call: directly through the SDK p50 ${fmt(sdkTtft)} ms (+${fmt(sdkTtft - percentile(directTtft, 50))} ms on the raw call);` +
      ` Bree's own share p50 +${fmt(percentile(breeTtft, 50) - sdkTtft)} ms`,
  );

  const floorTtft = percentile(
    floorRuns.map((r) => r.ttft),
    50,
  );
  console.log(
    `  the floor on this machine (Fastify, the same database driver, two round trips, the same SDK call): p50 ${fmt(floorTtft)} ms` +
      ` (+${fmt(floorTtft - percentile(directTtft, 50))} ms on the raw call); Bree above the floor p50 +${fmt(percentile(breeTtft, 50) - floorTtft)} ms`,
  );

  const chatTtft = chatRuns.map((r) => r.ttft);
  console.log(
    `chat: time to first token p50 ${fmt(percentile(chatTtft, 50))} ms, p99 ${fmt(percentile(chatTtft, 99))} ms` +
      ` → added p50 ${fmt(percentile(chatTtft, 50) - percentile(directTtft, 50))} ms, p99 ${fmt(percentile(chatTtft, 99) - percentile(directTtft, 99))} ms on the raw call`,
  );

  const postAnswered = breeRuns.map((r) => r.started ?? 0);
  console.log(
    `  of which the operation id ('started' event) arrived: p50 ${fmt(percentile(postAnswered, 50))} ms, p99 ${fmt(percentile(postAnswered, 99))} ms`,
  );

  const directGaps = directRuns.flatMap((r) => r.gaps);
  const breeGaps = breeRuns.flatMap((r) => r.gaps);
  const maxDirect = Math.max(...directGaps);
  const maxBree = Math.max(...breeGaps);
  console.log(
    `inter-token gap: max through Bree ${fmt(maxBree)} ms vs direct ${fmt(maxDirect)} ms; p50 ${fmt(percentile(breeGaps, 50))} vs ${fmt(percentile(directGaps, 50))} ms;` +
      ` p99 ${fmt(percentile(breeGaps, 99))} vs ${fmt(percentile(directGaps, 99))} ms`,
  );
  // Buffered until the end would show one long wait then near-zero gaps: compare stream spans too.
  const span = (r: Timing): number => r.gaps.reduce((a, b) => a + b, 0);
  const breeSpan = percentile(breeRuns.map(span), 50);
  const directSpan = percentile(directRuns.map(span), 50);
  const buffered = percentile(breeGaps, 50) < INTERVAL_MS / 2 || breeSpan < directSpan / 2;
  console.log(
    `first-to-last delta span p50: through Bree ${fmt(breeSpan)} ms vs direct ${fmt(directSpan)} ms → ${buffered ? 'BUFFERED: deltas arrive bunched' : 'no buffering between tokens: deltas arrive as the provider sends them'}`,
  );
} finally {
  child.kill('SIGTERM');
  floor.child.kill('SIGTERM');
  provider.child.kill('SIGTERM');
}
