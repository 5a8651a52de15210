import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createAiGateway, type GatewayEvent } from '../src/modules/ai/ai.gateway';
import type { Retrier } from '../src/modules/ai/ai.retry';
import { createTranscriptionGateway } from '../src/modules/ai/ai.transcription';
import { DEFAULT_CHUNKS, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { DEFAULT_TRANSCRIPT, fakeTranscriptionEnv, startFakeTranscription } from './fakes/fake-transcription';
import { speechWav } from './fakes/speech';

/** The gateway's retries against the fake provider: the real SDK, with the waits recorded instead of slept. */
describe("the AI gateway's provider retries", () => {
  let fake: FakeAiProvider;
  let waits: number[];

  beforeAll(async () => {
    fake = await startFakeAiProvider();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    waits = [];
  });

  function gateway(retry: Partial<Retrier> = {}) {
    const config = loadConfig({
      AI_FAST_MODEL: 'openai-compatible:fake-fast',
      AI_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      AI_PREMIUM_MODEL: 'anthropic:fake-premium',
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_BASE_URL: fake.baseUrl,
    });
    const sleep = async (ms: number) => void waits.push(ms);
    return createAiGateway({ config, retry: { random: () => 0.5, sleep, ...retry } });
  }

  async function collect(events: AsyncIterable<GatewayEvent>): Promise<{ text: string; last: GatewayEvent | undefined }> {
    let text = '';
    let last: GatewayEvent | undefined;
    for await (const event of events) {
      if (event.type === 'delta') text += event.text;
      last = event;
    }
    return { text, last };
  }

  it('loads its configured providers ahead of the first call without calling them', async () => {
    const g = gateway();
    await g.preload();
    expect(fake.requests).toHaveLength(0);
    const { text } = await collect(g.stream({ tier: 'premium', system: 's', prompt: 'p', maxOutputTokens: 64 }));
    expect(text).toBe(DEFAULT_CHUNKS.join(''));
    expect(fake.requests.map((r) => r.protocol)).toEqual(['anthropic']);
  });

  it('retries server errors and succeeds, honouring retry-after-ms with jitter', async () => {
    fake.script({ kind: 'status', status: 503 }, { kind: 'status', status: 502 });
    const { text, last } = await collect(gateway().stream({ tier: 'fast', system: 's', prompt: 'p', maxOutputTokens: 64 }));
    expect(text).toBe(DEFAULT_CHUNKS.join(''));
    expect(last).toMatchObject({ type: 'finish' });
    expect(fake.requests).toHaveLength(3);
    // The fake asks for 10 ms; half of the 20% jitter is added.
    expect(waits).toEqual([11, 11]);
  });

  it('gives up after 3 calls on a persistent 429 and reports it as rate limited', async () => {
    fake.script(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429 })));
    const { text, last } = await collect(gateway().stream({ tier: 'premium', system: 's', prompt: 'p', maxOutputTokens: 64 }));
    expect(text).toBe('');
    expect(last).toEqual({ type: 'error', failure: { kind: 'rate_limited', message: 'the AI provider is busy (rate limited). Try again in a minute.' } });
    expect(fake.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('follows the injected policy: jittered exponential waits for a connection dropped before any text', async () => {
    // Anthropic stream: headers and message_start arrive, then the connection drops.
    fake.script({ kind: 'cut', chunks: [] }, { kind: 'cut', chunks: [] }, { kind: 'cut', chunks: [] });
    const g = gateway({ policy: { maxRetries: 2, baseDelayMs: 8, maxDelayMs: 100 }, random: () => 0.25 });
    const { last } = await collect(g.stream({ tier: 'premium', system: 's', prompt: 'p', maxOutputTokens: 64 }));
    expect(last).toMatchObject({
      type: 'error',
      failure: { kind: 'provider_unavailable', message: 'the connection to the AI provider failed. Try again shortly.' },
    });
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([5, 10]);
  });

  it('never retries once text has streamed, nor a request the provider refused', async () => {
    fake.script({ kind: 'cut', chunks: ['Half a ', 'sentence'] });
    const cut = await collect(gateway().stream({ tier: 'fast', system: 's', prompt: 'p', maxOutputTokens: 64 }));
    expect(cut.text).toBe('Half a sentence');
    expect(cut.last).toMatchObject({ type: 'error' });
    expect(fake.requests).toHaveLength(1);

    fake.script({ kind: 'status', status: 400 });
    const refused = await collect(gateway().stream({ tier: 'fast', system: 's', prompt: 'p', maxOutputTokens: 64 }));
    expect(refused.last).toEqual({ type: 'error', failure: { kind: 'provider_error', message: 'the AI provider refused the request (HTTP 400).' } });
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('stops waiting when the operation is aborted during the backoff', async () => {
    fake.script({ kind: 'status', status: 429 });
    const abort = new AbortController();
    const g = gateway({ sleep: async () => abort.abort() });
    const { last } = await collect(g.stream({ tier: 'fast', system: 's', prompt: 'p', maxOutputTokens: 64, abortSignal: abort.signal }));
    expect(last).toEqual({ type: 'error', failure: { kind: 'provider_error', message: 'the generation was stopped.' } });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a transcription under the same policy: server errors with the same waits, a refusal never', async () => {
    const stt = await startFakeTranscription();
    try {
      const sleep = async (ms: number) => void waits.push(ms);
      const g = createTranscriptionGateway({ config: loadConfig(fakeTranscriptionEnv(stt)), retry: { random: () => 0.5, sleep } });
      const audio = speechWav('hello');
      stt.script({ kind: 'status', status: 503 }, { kind: 'status', status: 502 });
      expect(await g.transcribe({ audio, mediaType: 'audio/wav' })).toMatchObject({ ok: true, transcript: { text: DEFAULT_TRANSCRIPT } });
      expect(stt.requests).toHaveLength(3);
      // No Retry-After: equal jitter around 1 s, then 2 s.
      expect(waits).toEqual([750, 1500]);
      stt.script({ kind: 'status', status: 400 });
      expect(await g.transcribe({ audio, mediaType: 'audio/wav' })).toMatchObject({ ok: false, failure: { kind: 'provider_error' } });
      expect(stt.requests).toHaveLength(4);
    } finally {
      await stt.close();
    }
  });
});
