import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one request. */
export type FakeScript =
  | { kind: 'stream'; chunks: string[]; usage?: { input: number; output: number } | 'counted'; intervalMs?: number }
  | { kind: 'status'; status: number }
  | { kind: 'cut'; chunks: string[] };

/** A request the fake received, for assertions on model and prompt. */
export interface FakeRequest {
  protocol: 'openai' | 'anthropic';
  model: string;
  body: Record<string, unknown>;
  /** All message text (system and user) joined, to look for prompt content. */
  text: string;
}

export interface FakeAiProvider {
  baseUrl: string;
  requests: FakeRequest[];
  /** Queues scripts for the next requests; without one, a normal three-chunk answer. */
  script(...scripts: FakeScript[]): void;
  /**
   * Answers every request whose prompt text matches with `answer` (a string is one stream
   * chunk), when no queued script comes first; the latest matching rule wins. Returns a
   * function that removes the rule.
   */
  answer(match: RegExp | ((request: FakeRequest) => boolean), answer: FakeScript | string): () => void;
  close(): Promise<void>;
}

/** Bree's settings for this fake: Fast is its OpenAI-compatible 'fake-fast', Premium its Anthropic 'fake-premium'. */
export function fakeAiEnv(fake: Pick<FakeAiProvider, 'baseUrl'>): Record<string, string> {
  return {
    AI_FAST_MODEL: 'openai-compatible:fake-fast',
    AI_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    AI_PREMIUM_MODEL: 'anthropic:fake-premium',
    ANTHROPIC_API_KEY: 'test',
    ANTHROPIC_BASE_URL: fake.baseUrl,
  };
}

/**
 * Characters per token of the fake's own tokenizer, a little denser than Bree's estimate (4), as
 * real tokenizers often are: 'counted' usage then reports somewhat more tokens than Bree reserved for.
 */
export const FAKE_CHARS_PER_TOKEN = 3.5;

/**
 * A provider's side of 'counted' usage: input tokens counted from the prompt it received, and the
 * answer cut at the request's max_tokens, as a real model stops there.
 */
function counted(script: Extract<FakeScript, { kind: 'stream' }>, request: FakeRequest): Extract<FakeScript, { kind: 'stream' }> {
  if (script.usage !== 'counted') return script;
  const maxChars = Math.floor(Number(request.body.max_tokens ?? Infinity) * FAKE_CHARS_PER_TOKEN);
  const chunks: string[] = [];
  let chars = 0;
  for (const chunk of script.chunks) {
    const kept = chunk.slice(0, Math.max(0, maxChars - chars));
    if (!kept) break;
    chunks.push(kept);
    chars += kept.length;
  }
  const tokens = (n: number) => Math.ceil(n / FAKE_CHARS_PER_TOKEN);
  return { ...script, chunks, usage: { input: tokens(request.text.length), output: tokens(chars) } };
}

export const DEFAULT_CHUNKS = ['Polished first ', 'paragraph.\n\n', 'Polished second paragraph.'];

/** One finding as the AI checks' prompt asks the model to write it (docs/CHECKS.md "AI checks"). */
export interface FakeCheckFinding {
  rule: string;
  blockId: string;
  quote: string;
  message: string;
  explanation?: string;
}

/** The AI checks' answer with these findings, as a model writes it: JSON inside <findings> tags. */
export function checksReply(findings: FakeCheckFinding[]): string {
  return `Here is my read.\n<findings>${JSON.stringify({ findings })}</findings>`;
}

/**
 * The fake's own answer to the AI checks' prompt (its text in <block id=…> tags), when no test
 * scripted one: a clarity finding quoting the first sentence of the first block, so a run in the
 * browser has a finding to show.
 */
function checksDefault(request: FakeRequest): FakeScript | undefined {
  const first = /<blocks>\n<block id="([^"]*)" type="[^"]*">\n([\s\S]*?)\n<\/block>/.exec(request.text);
  if (!first) return undefined;
  const sentence = /^[^.!?]*[.!?]?/.exec(first[2]!.trim())![0];
  const finding = {
    rule: 'clarity',
    blockId: first[1]!,
    quote: sentence,
    message: 'This sentence could be clearer.',
    explanation: 'A reader may need to read it twice: say plainly who does what.',
  };
  return { kind: 'stream', chunks: [checksReply([finding])] };
}

function messageText(body: Record<string, unknown>): string {
  const parts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if ('text' in o) collect(o.text);
      if ('content' in o) collect(o.content);
    }
  };
  collect(body.system);
  collect(body.messages);
  return parts.join('\n');
}

function sse(res: ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

/** OpenAI-compatible chat-completions streaming: chunk per delta, a usage chunk, then [DONE]. */
function openaiStream(res: ServerResponse, model: string, script: Extract<FakeScript, { kind: 'stream' | 'cut' }>): void {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model };
  const delta = (i: number, chunk: string): void =>
    sse(res, { ...base, choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: chunk } : { content: chunk }, finish_reason: null }] });
  if (script.kind === 'stream' && script.intervalMs !== undefined)
    return pacedChunks(res, script.chunks, script.intervalMs, delta, () => openaiFinish(res, model, script));
  for (const [i, chunk] of script.chunks.entries()) delta(i, chunk);
  if (script.kind === 'cut') return cut(res);
  openaiFinish(res, model, script);
}

/** Writes one delta now and each next one `intervalMs` later (a provider producing tokens over time), then finishes. */
function pacedChunks(res: ServerResponse, chunks: string[], intervalMs: number, delta: (i: number, chunk: string) => void, finish: () => void): void {
  let i = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (i < chunks.length) {
      delta(i, chunks[i]!);
      i += 1;
      setTimeout(next, intervalMs);
    } else finish();
  };
  next();
}

function openaiFinish(res: ServerResponse, model: string, script: Extract<FakeScript, { kind: 'stream' }>): void {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model };
  const usage = typeof script.usage === 'object' ? script.usage : { input: 100, output: 20 };
  sse(res, {
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  });
  sse(res, '[DONE]');
  res.end();
}

/** Anthropic messages streaming: message_start, content block deltas, message_delta with usage, message_stop. */
function anthropicStream(res: ServerResponse, model: string, script: Extract<FakeScript, { kind: 'stream' | 'cut' }>): void {
  const usage = script.kind === 'stream' && typeof script.usage === 'object' ? script.usage : { input: 100, output: 20 };
  sse(
    res,
    {
      type: 'message_start',
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    },
    'message_start',
  );
  sse(res, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
  const delta = (_i: number, chunk: string): void =>
    sse(res, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: chunk } }, 'content_block_delta');
  const finish = (): void => anthropicFinish(res, usage.output);
  if (script.kind === 'stream' && script.intervalMs !== undefined) return pacedChunks(res, script.chunks, script.intervalMs, delta, finish);
  for (const [i, chunk] of script.chunks.entries()) delta(i, chunk);
  if (script.kind === 'cut') return cut(res);
  finish();
}

function anthropicFinish(res: ServerResponse, outputTokens: number): void {
  sse(res, { type: 'content_block_stop', index: 0 }, 'content_block_stop');
  sse(res, { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: outputTokens } }, 'message_delta');
  sse(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}

/** Drops the connection mid-answer, after the chunks so far reached the client. */
function cut(res: ServerResponse): void {
  setTimeout(() => res.socket?.destroy(), 50);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return JSON.parse(raw) as Record<string, unknown>;
}

/** Starts a fake OpenAI-compatible + Anthropic provider on 127.0.0.1 at a random port (tests only). */
export async function startFakeAiProvider(): Promise<FakeAiProvider> {
  const queue: FakeScript[] = [];
  const requests: FakeRequest[] = [];
  const rules: { matches: (request: FakeRequest) => boolean; script: FakeScript }[] = [];
  const ruleFor = (request: FakeRequest): FakeScript | undefined => rules.findLast((r) => r.matches(request))?.script;
  const server = createServer((req, res) => {
    void (async () => {
      const protocol = req.url === '/v1/chat/completions' ? 'openai' : req.url === '/v1/messages' ? 'anthropic' : null;
      if (req.method !== 'POST' || !protocol) return void res.writeHead(404).end();
      const body = await readJson(req);
      const model = String(body.model);
      const request: FakeRequest = { protocol, model, body, text: messageText(body) };
      requests.push(request);
      const next = queue.shift() ?? ruleFor(request) ?? checksDefault(request) ?? { kind: 'stream', chunks: DEFAULT_CHUNKS };
      const script = next.kind === 'stream' ? counted(next, request) : next;
      if (script.kind === 'status') {
        res.writeHead(script.status, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        return void res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit_error' } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      (protocol === 'openai' ? openaiStream : anthropicStream)(res, model, script);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...scripts) => void queue.push(...scripts),
    answer(match, answer) {
      const script: FakeScript = typeof answer === 'string' ? { kind: 'stream', chunks: [answer] } : answer;
      const rule = { matches: typeof match === 'function' ? match : (r: FakeRequest) => match.test(r.text), script };
      rules.push(rule);
      return () => {
        const at = rules.indexOf(rule);
        if (at !== -1) rules.splice(at, 1);
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
