import type { AiTier } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { aiErrors } from './ai.errors';
import type { HeldCall, MeteredAi, MeteredEmbedding, MeteredTranscription } from './ai.metered';
import { createModelRunner, type VoiceLookup } from './ai.runner';

/** A runner over a metered call that records what it was asked; `configured` says which tiers have a provider. */
function runnerOver({ configured = ['fast', 'premium'], voice }: { configured?: AiTier[]; voice?: VoiceLookup }) {
  const log: string[] = [];
  const held = { id: 'h1', tier: 'fast', maxOutputTokens: 10 } as unknown as HeldCall;
  const ai = {
    isConfigured: (tier: AiTier) => configured.includes(tier),
    assertConfigured: (tier: AiTier) => {
      if (!configured.includes(tier)) throw aiErrors.notConfigured();
    },
    planOf: async () => ({ plan: 'free' }),
    reserveAlong: async (plan: { tier: AiTier; system: string; prompt: string }) => {
      log.push(`hold ${plan.tier} ${plan.prompt}`);
      return { held, wroteAlongside: false };
    },
    reserve: async () => held,
    release: async () => void log.push('release'),
    stream: async () => {
      log.push('stream');
      return { text: 'ok', failure: null, reported: null };
    },
  } as unknown as MeteredAi;
  const models = createModelRunner({ ai, embedding: {} as MeteredEmbedding, transcription: {} as MeteredTranscription, ...(voice ? { voice } : {}) });
  return { models, log };
}

const build = (voiceProfile: string) => ({ system: 's', prompt: `p[${voiceProfile}]` });

describe('the model-call runner', () => {
  it('picks the chosen tier, the other one when it has no provider, and refuses 503 when neither has', () => {
    expect(runnerOver({}).models.pickTier({ choices: { fileProvider: 'fast', defaultProvider: null } })).toBe('fast');
    expect(runnerOver({ configured: ['premium'] }).models.pickTier({ choices: { fileProvider: 'fast', defaultProvider: null } })).toBe('premium');
    expect(runnerOver({ configured: ['fast'] }).models.pickTier({ preferred: 'premium' })).toBe('fast');
    expect(() => runnerOver({ configured: [] }).models.pickTier({ preferred: 'fast' })).toThrow(expect.objectContaining({ status: 503 }));
    expect(runnerOver({ configured: [] }).models.tierIfConfigured({ preferred: 'fast' })).toBeNull();
  });

  it('builds a plainer prompt when the voice lookup fails, and still holds and streams', async () => {
    const { models, log } = runnerOver({ voice: () => Promise.reject(new Error('database down')) });
    const { outcome } = await models.call({ tenantId: 't', tier: { preferred: 'fast' }, voice: { query: 'text' }, build });
    expect(outcome.text).toBe('ok');
    expect(log).toEqual(['hold fast p[]', 'stream']);
    const early = runnerOver({});
    await early.models.prepare({ tenantId: 't', tier: { preferred: 'fast' }, voice: { lookup: Promise.reject(new Error('gone')) }, build });
    expect(early.log).toEqual(['hold fast p[]']);
  });

  it("uses a lookup started with the caller's first reads instead of looking the voice up again", async () => {
    let lookups = 0;
    const { models, log } = runnerOver({ voice: async () => ((lookups += 1), 'looked up') });
    await models.prepare({ tenantId: 't', tier: { preferred: 'fast' }, voice: { lookup: Promise.resolve('early') }, build });
    expect(lookups).toBe(0);
    expect(log).toEqual(['hold fast p[early]']);
  });

  it('gives the hold back when the caller fails once it is held, before anything is asked of the model', async () => {
    const { models, log } = runnerOver({});
    const failing = models.call({
      tenantId: 't',
      tier: { preferred: 'fast' },
      build,
      onHeld: () => {
        throw new Error('the reply could not open');
      },
    });
    await expect(failing).rejects.toThrow('the reply could not open');
    expect(log).toEqual(['hold fast p[]', 'release']);
  });
});
