import type { AiTier } from '@bree/contracts';
import type { AlongsideSql, TenantPlan } from '../usage/usage.service';
import { tierInEffect } from './ai-provider.service';
import type { CallOutcome, HeldCall, MeteredAi, MeteredEmbedding, MeteredStreamArgs, MeteredTranscription } from './ai.metered';
import type { AiRepository } from './ai.repository';
import { usableTier } from './ai.setup';

/**
 * Which tier a call runs on: the one the author asked for; else the document's and the tenant's
 * choice; else the tier the feature prefers. A preferred or chosen tier without a provider falls
 * back to the other one.
 */
export interface TierChoice {
  asked?: AiTier | null;
  choices?: { fileProvider: AiTier | null; defaultProvider: AiTier | null } | null;
  preferred?: AiTier;
}

/** The assistant's read of a document for a model call (its text, name and voice settings), as other modules are given it. */
export type AiDocumentLookup = Pick<AiRepository, 'operationContext'>;

/** The author's voice block for a prompt, looked up by a text; never rejects (voice.service.ts). */
export type VoiceLookup = (args: { tenantId: string; text: string }) => Promise<string>;

/** A prompt as every action builds it. */
export interface Prompt {
  system: string;
  prompt: string;
}

/** What `prepare` needs: who pays, the tier choice, how to find the voice and build the prompt, and how to hold. */
export interface PrepareArgs<P extends Prompt> {
  tenantId: string;
  /** The document the call works on, for the usage report. */
  fileId?: string | null;
  tier: TierChoice;
  /**
   * The voice: a lookup the caller started with its own first reads (so it costs no round trip of
   * its own), or the text to look it up by. Absent: the prompt has no voice.
   */
  voice?: { lookup: Promise<string> } | { query: string };
  build(voiceProfile: string): P;
  maxOutputTokens?: number;
  /** The tenant's plan when the caller read it with its first reads. */
  tenantPlan?: TenantPlan;
  /** The hold travels in a job whose run settles it (operations, variants): not leased to this process. */
  heldByJob?: boolean;
  /** SQL written in the hold's own statement (a job row, a stored question): both commit or neither does. */
  alongside?(args: { held: HeldCall; prompt: P; tier: AiTier }): AlongsideSql | null;
  /** Identical calls held at once, all or none (alternatives: the prompt built is their longest); `held` is one call's. */
  count?: number;
}

/** A prepared call: its tier, its prompt, the budget held for it, and whether `alongside` was written with the hold. */
export interface Prepared<P extends Prompt> {
  tier: AiTier;
  prompt: P;
  held: HeldCall;
  wroteAlongside: boolean;
}

/**
 * The one way a feature calls a model (issue 35 item 3): the assistant's operations, chat, the
 * workspaces' variants, dictation (its transcription and its polish), the voice's style guide and
 * search by meaning's embeddings all come through here. A call is prepared — the tier picked (503
 * ai_not_configured without a provider), the voice looked up (a failed lookup only makes the prompt
 * plainer), the prompt built and its worst case held (402 budget_exceeded) — then streamed and
 * stored under that hold, which is settled whatever happens: success, failure, a stop, and a crash
 * (usage_holds leases, or the job that carries the hold). `call` is both in one; an operation
 * prepares when it starts and streams in its job, maybe in another process.
 */
export function createModelRunner({
  ai,
  embedding,
  transcription,
  voice,
}: {
  ai: MeteredAi;
  embedding: MeteredEmbedding;
  transcription: MeteredTranscription;
  voice?: VoiceLookup;
}) {
  /** The voice block; '' without a voice module or when the lookup fails. */
  const lookupVoice = (args: { tenantId: string; text: string }): Promise<string> => (voice ? voice(args).catch(() => '') : Promise.resolve(''));

  /** The tier a call runs on (see TierChoice); throws 503 ai_not_configured when it has no provider. */
  function pickTier({ asked, choices, preferred = 'premium' }: TierChoice): AiTier {
    const tier = asked ?? usableTier(choices ? tierInEffect(choices) : preferred, ai.isConfigured);
    ai.assertConfigured(tier);
    return tier;
  }

  async function prepare<P extends Prompt>(args: PrepareArgs<P>): Promise<Prepared<P>> {
    const tier = pickTier(args.tier);
    const { tenantId, fileId = null } = args;
    const voiceProfile = !args.voice
      ? ''
      : 'lookup' in args.voice
        ? await args.voice.lookup.catch(() => '')
        : await lookupVoice({ tenantId, text: args.voice.query });
    const prompt = args.build(voiceProfile);
    const { held, wroteAlongside } = await ai.reserveAlong(
      {
        tenantId,
        fileId,
        tier,
        system: prompt.system,
        prompt: prompt.prompt,
        ...(args.maxOutputTokens ? { maxOutputTokens: args.maxOutputTokens } : {}),
        ...(args.tenantPlan ? { tenantPlan: args.tenantPlan } : {}),
        ...(args.heldByJob ? { heldByJob: true } : {}),
        ...(args.count ? { count: args.count } : {}),
      },
      args.alongside && ((h) => args.alongside!({ held: h, prompt, tier })),
    );
    return { tier, prompt, held, wroteAlongside };
  }

  return {
    pickTier,
    /** The tier a call would run on, or null when it has no provider (a call the feature can do without: dictation's polish). */
    tierIfConfigured(choice: TierChoice): AiTier | null {
      const { asked, choices, preferred = 'premium' } = choice;
      const tier = asked ?? usableTier(choices ? tierInEffect(choices) : preferred, ai.isConfigured);
      return ai.isConfigured(tier) ? tier : null;
    },
    isConfigured: (tier: AiTier): boolean => ai.isConfigured(tier),
    /** Starts the voice lookup with the caller's other first reads; never rejects. */
    voice: lookupVoice,
    /** The tenant's plan, read by a caller with its other first reads and handed to `prepare`. */
    planOf: (tenantId: string): Promise<TenantPlan> => ai.planOf(tenantId),
    prepare,
    /** Holds a call priced before its prompt exists (dictation's polish, before the words are heard). */
    hold: (plan: Parameters<MeteredAi['reserve']>[0]): Promise<HeldCall> => ai.reserve(plan),
    /** Gives back a hold whose call will never be made: nothing is charged or counted. */
    release: (held: HeldCall): Promise<void> => ai.release(held),
    /** Streams under a hold and stores through `keep` before the hold settles (settled even if the call or the store fails). */
    stream: (args: MeteredStreamArgs): Promise<CallOutcome> => ai.stream(args),
    /** The whole call in one: prepare, stream, store, settle. */
    async call<P extends Prompt>(
      args: PrepareArgs<P> & Pick<MeteredStreamArgs, 'abortSignal' | 'onDelta' | 'keep'> & { onHeld?(prepared: Prepared<P>): void },
    ): Promise<{ prepared: Prepared<P>; outcome: CallOutcome }> {
      const prepared = await prepare(args);
      try {
        args.onHeld?.(prepared);
      } catch (error) {
        // Nothing was asked of the model: the hold goes back at once.
        await ai.release(prepared.held);
        throw error;
      }
      const outcome = await ai.stream({
        held: prepared.held,
        ...prepared.prompt,
        ...(args.abortSignal ? { abortSignal: args.abortSignal } : {}),
        ...(args.onDelta ? { onDelta: args.onDelta } : {}),
        ...(args.keep ? { keep: args.keep } : {}),
      });
      return { prepared, outcome };
    },
    /** Search by meaning's embeddings, metered on their input. */
    embedding,
    /** Dictation's speech to text, metered in voice minutes. */
    transcription,
  };
}
export type ModelRunner = ReturnType<typeof createModelRunner>;
