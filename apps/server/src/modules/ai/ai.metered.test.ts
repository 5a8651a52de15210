import type { AiTier } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { estimateTokens, reservationDollars } from '../usage/usage.plans';
import type { Reservation } from '../usage/usage.service';
import type { AiGateway, GatewayEvent } from './ai.gateway';
import type { EmbeddingGateway, EmbeddingOutcome } from './ai.embedding';
import { createMeteredAi, createMeteredEmbedding, settlementTokens, type CallOutcome } from './ai.metered';

describe('the reservation arithmetic', () => {
  it('holds the counted prompt at the input price plus every allowed output token at the output price', () => {
    // claude-sonnet-4-5: $3 in, $15 out per million tokens.
    expect(reservationDollars({ modelId: 'claude-sonnet-4-5', tier: 'premium', promptTokens: 10_000, maxOutputTokens: 4096 })).toBeCloseTo(0.03 + 0.06144, 10);
    // A local model prices at its tier's default (gemini-2.5-flash: $0.30 in, $2.50 out).
    expect(reservationDollars({ modelId: 'llama3.1:8b', tier: 'fast', promptTokens: 1_000_000, maxOutputTokens: 0 })).toBeCloseTo(0.3, 10);
  });

  it('counts 3 UTF-8 bytes a token, so wide scripts are not undercounted', () => {
    expect(estimateTokens('abcdefg')).toBe(3);
    expect(estimateTokens('日本語の文')).toBe(5);
    expect(estimateTokens('')).toBe(0);
  });
});

describe('the one settlement rule', () => {
  const outcome = (o: Partial<CallOutcome>): CallOutcome => ({ text: '', failure: null, reported: null, ...o });
  const promptText = 'x'.repeat(300);

  it("takes the provider's reported usage when there is one", () => {
    expect(settlementTokens({ outcome: outcome({ text: 'answer', reported: { inputTokens: 80, outputTokens: 7 } }), promptText, maxOutputTokens: 50 })).toEqual(
      {
        inputTokens: 80,
        outputTokens: 7,
      },
    );
  });

  it('estimates what the provider did not report: the prompt sent and the text produced, never past the output cap', () => {
    expect(
      settlementTokens({ outcome: outcome({ text: 'abcdef', reported: { inputTokens: 80, outputTokens: undefined } }), promptText, maxOutputTokens: 50 }),
    ).toEqual({
      inputTokens: 80,
      outputTokens: 2,
    });
    const cut = outcome({ text: 'y'.repeat(600), failure: { kind: 'provider_unavailable', message: 'cut' } });
    expect(settlementTokens({ outcome: cut, promptText, maxOutputTokens: 50 })).toEqual({ inputTokens: 100, outputTokens: 50 });
  });

  it('settles nothing for a call that failed before producing any text', () => {
    const failed = outcome({ failure: { kind: 'provider_error', message: 'refused' }, reported: { inputTokens: 80, outputTokens: 0 } });
    expect(settlementTokens({ outcome: failed, promptText, maxOutputTokens: 50 })).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

/** A gateway answering `events` for every call, and recording the requests. */
function fakeGateway(events: GatewayEvent[]) {
  const requests: { tier: AiTier; maxOutputTokens: number }[] = [];
  const gateway: AiGateway = {
    spec: (tier) => ({ provider: 'anthropic', modelId: tier === 'premium' ? 'claude-sonnet-4-5' : 'gemini-2.5-flash' }),
    isConfigured: () => true,
    assertConfigured: () => undefined,
    preload: async () => undefined,
    async *stream(request) {
      requests.push({ tier: request.tier, maxOutputTokens: request.maxOutputTokens });
      yield* events;
    },
  };
  return { gateway, requests };
}

/** A usage ledger in memory: reservations made and settlements recorded. */
function fakeUsage({ refuse = false } = {}) {
  const calls: { reserve: unknown[]; settle: { reservation: Reservation; inputTokens: number; outputTokens: number }[] } = { reserve: [], settle: [] };
  return {
    calls,
    usage: {
      planOf: async () => ({ plan: 'self-hosted' as const, paygSpendingLimit: 0 }),
      async reserve(args: { tenantId: string; tier: AiTier; modelId: string; promptTokens: number; maxOutputTokens: number }): Promise<Reservation> {
        calls.reserve.push(args);
        if (refuse) throw new AppError({ status: 402, code: 'budget_exceeded', message: 'Budget limit exceeded.' });
        return { tenantId: args.tenantId, period: '2026-11', tier: args.tier, modelId: args.modelId, dollars: '0.5' };
      },
      async reserveAlong(args: { tenantId: string; tier: AiTier; modelId: string; promptTokens: number; maxOutputTokens: number }) {
        return { reservation: await this.reserve(args), wroteAlongside: false };
      },
      async settle(args: { reservation: Reservation; inputTokens: number; outputTokens: number }): Promise<void> {
        calls.settle.push(args);
      },
    },
  };
}

describe('the metered call', () => {
  const answer: GatewayEvent[] = [
    { type: 'delta', text: 'Hello ' },
    { type: 'delta', text: 'world.' },
    { type: 'finish', usage: { inputTokens: 40, outputTokens: 3 } },
  ];

  it('reserves on the counted prompt and the call’s own output cap, calls with that cap, then settles the reported usage', async () => {
    const { gateway, requests } = fakeGateway(answer);
    const { usage, calls } = fakeUsage();
    const ai = createMeteredAi({ gateway, usage });
    const result = await ai.text({ tenantId: 't', tier: 'premium', system: 'sys', prompt: 'p'.repeat(297), maxOutputTokens: 256 });
    expect(result).toMatchObject({ text: 'Hello world.', failure: null });
    expect(calls.reserve).toEqual([{ tenantId: 't', fileId: null, tier: 'premium', modelId: 'claude-sonnet-4-5', promptTokens: 100, maxOutputTokens: 256 }]);
    expect(requests).toEqual([{ tier: 'premium', maxOutputTokens: 256 }]);
    expect(calls.settle).toEqual([{ reservation: expect.objectContaining({ dollars: '0.5', maxOutputTokens: 256 }), inputTokens: 40, outputTokens: 3 }]);
  });

  it('calls no model when the budget refuses', async () => {
    const { gateway, requests } = fakeGateway(answer);
    const { usage, calls } = fakeUsage({ refuse: true });
    await expect(createMeteredAi({ gateway, usage }).text({ tenantId: 't', tier: 'fast', system: 's', prompt: 'p' })).rejects.toMatchObject({ status: 402 });
    expect(requests).toEqual([]);
    expect(calls.settle).toEqual([]);
  });

  it('keeps the reservation held when the caller hands the call back, and settles even when storing the answer throws', async () => {
    const { gateway } = fakeGateway(answer);
    const { usage, calls } = fakeUsage();
    const ai = createMeteredAi({ gateway, usage });
    const held = await ai.reserve({ tenantId: 't', tier: 'fast', system: 's', prompt: 'p' });
    expect(held.maxOutputTokens).toBe(4096);
    await ai.stream({ held, system: 's', prompt: 'p', keep: async () => 'hold' });
    expect(calls.settle).toEqual([]);
    const stored: string[] = [];
    await expect(
      ai.stream({
        held,
        system: 's',
        prompt: 'p',
        keep: async (o) => {
          stored.push(o.text);
          throw new Error('database gone');
        },
      }),
    ).rejects.toThrow('database gone');
    expect(stored).toEqual(['Hello world.']);
    expect(calls.settle).toHaveLength(1);
  });
});

describe('the metered embedding call', () => {
  function fakeEmbedder(outcome: EmbeddingOutcome) {
    const requests: string[][] = [];
    const embedder: EmbeddingGateway = {
      spec: { provider: 'openai', modelId: 'text-embedding-3-small' },
      isConfigured: () => true,
      assertConfigured: () => undefined,
      async embed({ texts }) {
        requests.push(texts);
        return outcome;
      },
    };
    return { embedder, requests };
  }

  it("reserves the texts' counted tokens with no output, then settles the provider's token count", async () => {
    const { embedder, requests } = fakeEmbedder({ ok: true, vectors: [[1], [0]], tokens: 9 });
    const { usage, calls } = fakeUsage();
    const metered = createMeteredEmbedding({ embedder, usage });
    expect(metered.model()).toBe('openai:text-embedding-3-small');
    const outcome = await metered.embed({ tenantId: 't', fileId: 'f', texts: ['abcdef', 'abc'] });
    expect(outcome).toEqual({ ok: true, vectors: [[1], [0]], tokens: 9 });
    expect(requests).toEqual([['abcdef', 'abc']]);
    expect(calls.reserve).toEqual([{ tenantId: 't', fileId: 'f', tier: 'fast', modelId: 'text-embedding-3-small', promptTokens: 3, maxOutputTokens: 0 }]);
    expect(calls.settle).toEqual([{ reservation: expect.objectContaining({ dollars: '0.5' }), inputTokens: 9, outputTokens: 0 }]);
  });

  it('settles the estimate when the provider counts nothing, and nothing when the call failed', async () => {
    const counted = fakeUsage();
    await createMeteredEmbedding({ embedder: fakeEmbedder({ ok: true, vectors: [[1]], tokens: undefined }).embedder, usage: counted.usage }).embed({
      tenantId: 't',
      texts: ['x'.repeat(30)],
    });
    expect(counted.calls.settle).toEqual([expect.objectContaining({ inputTokens: 10, outputTokens: 0 })]);

    const failed = fakeUsage();
    const failure = { kind: 'provider_error', message: 'refused' } as const;
    await createMeteredEmbedding({ embedder: fakeEmbedder({ ok: false, failure }).embedder, usage: failed.usage }).embed({ tenantId: 't', texts: ['x'] });
    expect(failed.calls.settle).toEqual([expect.objectContaining({ inputTokens: 0, outputTokens: 0 })]);
  });

  it('calls no model when the budget refuses', async () => {
    const { embedder, requests } = fakeEmbedder({ ok: true, vectors: [[1]], tokens: 1 });
    const { usage, calls } = fakeUsage({ refuse: true });
    await expect(createMeteredEmbedding({ embedder, usage }).embed({ tenantId: 't', texts: ['x'] })).rejects.toMatchObject({ status: 402 });
    expect(requests).toEqual([]);
    expect(calls.settle).toEqual([]);
  });
});
