import type { AiTier } from '@bree/contracts';
import type { AlongsideSql } from '../usage/usage.service';
import { refusalOf, type AiCallObserver } from './ai.observe';
import { estimateTokens, priceOf } from '../usage/usage.plans';
import type { Reservation, TenantPlan, UsageService } from '../usage/usage.service';
import type { EmbeddingGateway, EmbeddingOutcome } from './ai.embedding';
import { traceModelCall } from '../../lib/tracing/tracing';
import type { AiGateway, GatewayFailure } from './ai.gateway';
import type { TranscriptionGateway, TranscriptionOutcome } from './ai.transcription';

/** Enough for a long rewrite; a call that needs less says so, and is reserved for less. */
export const MAX_OUTPUT_TOKENS = 4096;

/**
 * The kinds of model call Bree meters: 'stream' (the assistant, the style guide, dictation's polish),
 * 'transcription' (dictation, in voice minutes) and 'embedding' (search by meaning, priced on
 * input only) all take the same path — reserve, call, settle, record.
 */
export type MeteredKind = 'stream' | 'object' | 'embedding' | 'transcription';

/** What a call is priced on before it runs. */
export interface CallPlan {
  tenantId: string;
  /** The document the call works on, for the usage report. */
  fileId?: string | null;
  tier: AiTier;
  system: string;
  prompt: string;
  /** The most the model may produce (default MAX_OUTPUT_TOKENS); the reservation pays for all of it. */
  maxOutputTokens?: number;
  /** The tenant's plan, read by the caller alongside its own reads (`planOf`); read by the hold otherwise. */
  tenantPlan?: TenantPlan;
  /** The hold travels in a job whose run settles it, here or after a crash elsewhere (see ReserveArgs). */
  heldByJob?: boolean;
  /** Identical calls held at once, all or none (alternatives); the hold returned is one call's. */
  count?: number;
}

/** Budget held for one call, with the output cap it was priced on. Plain data: it travels in a job. */
export interface HeldCall extends Reservation {
  maxOutputTokens: number;
}

/** Token counts as the provider reported them (either may be missing). */
export interface ReportedUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/** How a model call ended: the text it produced, its failure if any, and the provider's usage report. */
export interface CallOutcome {
  text: string;
  failure: GatewayFailure | null;
  reported: ReportedUsage | null;
}

/**
 * The one token rule of settlement: the provider's reported usage, else the one estimate (the
 * prompt sent, the text produced, capped by the output limit a model cannot pass). A call that
 * failed without producing any text used nothing.
 */
export function settlementTokens({ outcome, promptText, maxOutputTokens }: { outcome: CallOutcome; promptText: string; maxOutputTokens: number }): {
  inputTokens: number;
  outputTokens: number;
} {
  if (outcome.failure && !outcome.text) return { inputTokens: 0, outputTokens: 0 };
  return {
    inputTokens: outcome.reported?.inputTokens ?? estimateTokens(promptText),
    outputTokens: outcome.reported?.outputTokens ?? Math.min(estimateTokens(outcome.text), maxOutputTokens),
  };
}

/** Token counts as span attributes. */
function prefixed({ inputTokens, outputTokens }: { inputTokens: number; outputTokens: number }) {
  return { 'gen_ai.usage.input_tokens': inputTokens, 'gen_ai.usage.output_tokens': outputTokens };
}

export interface MeteredStreamArgs {
  held: HeldCall;
  system: string;
  prompt: string;
  abortSignal?: AbortSignal;
  onDelta?(text: string): void;
  /**
   * Runs before settlement with the outcome (to store the answer first: a crash after the store and
   * before the settlement loses a settlement, never doubles one). 'hold' keeps the reservation for
   * a later run of the same call (a job handed back on shutdown); settlement happens even if it throws.
   */
  keep?(outcome: CallOutcome): Promise<'settle' | 'hold'>;
}

/**
 * Every model call goes through here: reserve its worst-case cost (counted prompt + max output at
 * the model's price, 402 budget_exceeded when the credit or the call cap has no room) → call the
 * model → settle with the provider's usage (else the one estimate) and record it. Features never
 * see the AI SDK or the usage module's reservations.
 */
export function createMeteredAi({
  gateway,
  usage,
  observe = () => undefined,
}: {
  gateway: AiGateway;
  usage: Pick<UsageService, 'planOf' | 'reserveAlong' | 'settle'>;
  observe?: AiCallObserver;
}) {
  /**
   * Holds the call's worst case (402 when there is no room). `alongside(held)` is written in the
   * reservation's own statement when it can be: `wroteAlongside` says whether it was.
   */
  async function reserveAlong(
    { tenantId, fileId = null, tier, system, prompt, maxOutputTokens = MAX_OUTPUT_TOKENS, tenantPlan, heldByJob, count }: CallPlan,
    alongside?: (held: HeldCall) => AlongsideSql | null,
  ): Promise<{ held: HeldCall; wroteAlongside: boolean }> {
    try {
      return await hold({ tenantId, fileId, tier, system, prompt, maxOutputTokens, tenantPlan, heldByJob, count }, alongside);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) observe({ tier, outcome: refusal });
      throw error;
    }
  }

  async function hold(
    { tenantId, fileId = null, tier, system, prompt, maxOutputTokens = MAX_OUTPUT_TOKENS, tenantPlan, heldByJob, count }: CallPlan,
    alongside?: (held: HeldCall) => AlongsideSql | null,
  ): Promise<{ held: HeldCall; wroteAlongside: boolean }> {
    gateway.assertConfigured(tier);
    const promptTokens = estimateTokens(system + prompt);
    const { reservation, wroteAlongside } = await usage.reserveAlong(
      {
        tenantId,
        fileId,
        tier,
        modelId: gateway.spec(tier).modelId,
        promptTokens,
        maxOutputTokens,
        ...(tenantPlan ? { tenantPlan } : {}),
        ...(heldByJob ? { heldByJob } : {}),
        ...(count ? { count } : {}),
      },
      alongside && ((r) => alongside({ ...r, maxOutputTokens })),
    );
    return { held: { ...reservation, maxOutputTokens }, wroteAlongside };
  }
  const reserve = async (plan: CallPlan): Promise<HeldCall> => (await reserveAlong(plan)).held;

  /** Calls the model under a reservation; never throws (an unexpected error is a failed call). */
  function call(args: MeteredStreamArgs): Promise<CallOutcome> {
    // A span per model call when traces are on: tier, model, outcome, tokens and the request's operation id, never the prompt.
    return traceModelCall(
      { tier: args.held.tier, model: args.held.modelId },
      () => callModel(args),
      (outcome) => ({
        'bree.ai.outcome': outcome.failure?.kind ?? 'ok',
        ...prefixed(settlementTokens({ outcome, promptText: args.system + args.prompt, maxOutputTokens: args.held.maxOutputTokens })),
      }),
    );
  }

  async function callModel({ held, system, prompt, abortSignal, onDelta }: MeteredStreamArgs): Promise<CallOutcome> {
    const outcome: CallOutcome = { text: '', failure: null, reported: null };
    try {
      for await (const event of gateway.stream({ tier: held.tier, system, prompt, maxOutputTokens: held.maxOutputTokens, abortSignal })) {
        if (event.type === 'delta') {
          outcome.text += event.text;
          onDelta?.(event.text);
        } else if (event.type === 'finish') outcome.reported = event.usage;
        else outcome.failure = event.failure;
      }
    } catch {
      outcome.failure = { kind: 'provider_error', message: 'the AI provider call failed.' };
    }
    return outcome;
  }

  async function settle(held: HeldCall, outcome: CallOutcome, promptText: string): Promise<void> {
    const tokens = settlementTokens({ outcome, promptText, maxOutputTokens: held.maxOutputTokens });
    observe({
      tier: held.tier,
      outcome: outcome.failure?.kind ?? 'ok',
      ...tokens,
      costUsd: priceOf({ modelId: held.modelId, tier: held.tier, ...tokens }),
    });
    await usage.settle({ reservation: held, ...tokens });
  }

  /** A streamed call under a reservation made earlier (an operation reserves when it starts and runs later, maybe elsewhere). */
  async function stream(args: MeteredStreamArgs): Promise<CallOutcome> {
    const outcome = await call(args);
    let verdict: 'settle' | 'hold' = 'settle';
    try {
      if (args.keep) verdict = await args.keep(outcome);
    } finally {
      if (verdict === 'settle') await settle(args.held, outcome, args.system + args.prompt);
    }
    return outcome;
  }

  return {
    isConfigured: (tier: AiTier): boolean => gateway.isConfigured(tier),
    /** Throws 503 ai_not_configured when the tier's provider has no credentials. */
    assertConfigured: (tier: AiTier): void => gateway.assertConfigured(tier),
    /** The tenant's plan, for a caller that reads it alongside its own reads and hands it to the hold. */
    planOf: (tenantId: string): Promise<TenantPlan> => usage.planOf(tenantId),
    reserve,
    reserveAlong,
    stream,
    /** Gives back a reservation whose call will never be made (what it was for could not be set up): nothing is charged or counted. */
    release: (held: HeldCall): Promise<void> => usage.settle({ reservation: held, inputTokens: 0, outputTokens: 0 }),
    /** The whole metered call in one: reserve (or 402) → stream → settle; the outcome says what came back. */
    async text(plan: CallPlan & { abortSignal?: AbortSignal }): Promise<CallOutcome> {
      const held = await reserve(plan);
      return stream({ held, system: plan.system, prompt: plan.prompt, abortSignal: plan.abortSignal });
    },
  };
}
export type MeteredAi = ReturnType<typeof createMeteredAi>;

/**
 * The metered transcription call: reserve the recording's minutes (402 voice_minutes_exceeded when
 * the plan has no room) → transcribe → settle those same minutes, or nothing when the call failed.
 */
export function createMeteredTranscription({
  transcriber,
  usage,
  observe = () => undefined,
}: {
  transcriber: TranscriptionGateway;
  usage: Pick<UsageService, 'reserveVoice' | 'settleVoice'>;
  observe?: AiCallObserver;
}) {
  return {
    isConfigured: (): boolean => transcriber.isConfigured(),
    assertConfigured: (): void => transcriber.assertConfigured(),
    async transcribe({
      tenantId,
      fileId = null,
      audio,
      mediaType,
      seconds,
      abortSignal,
      preview = false,
    }: {
      tenantId: string;
      fileId?: string | null;
      audio: Uint8Array;
      mediaType: string;
      /** The recording's length as measured from its audio before the call: what is reserved and charged. */
      seconds: number;
      abortSignal?: AbortSignal;
      /**
       * A live-preview chunk: it needs room in the plan like any recording, but its words are replaced
       * by the final recording's, which alone is counted, so a writer's minute is counted once.
       */
      preview?: boolean;
    }): Promise<TranscriptionOutcome> {
      let held: Awaited<ReturnType<typeof usage.reserveVoice>>;
      try {
        transcriber.assertConfigured();
        held = await usage.reserveVoice({ tenantId, fileId, seconds });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) observe({ tier: 'transcription', outcome: refusal });
        throw error;
      }
      let outcome: TranscriptionOutcome = { ok: false, failure: { kind: 'provider_error', message: 'the transcription call failed.' } };
      try {
        outcome = await transcriber.transcribe({ audio, mediaType, abortSignal });
      } finally {
        // The length Bree measured from the audio, the one the limit was checked against: a provider's
        // reported duration may come from a forged header (a WAV's byte rate), so it never lowers the charge.
        const billed = outcome.ok && !preview ? seconds : 0;
        observe({ tier: 'transcription', outcome: outcome.ok ? 'ok' : outcome.failure.kind, voiceMinutes: billed / 60 });
        await usage.settleVoice({ reservation: held, seconds: billed });
      }
      return outcome;
    },
  };
}
export type MeteredTranscription = ReturnType<typeof createMeteredTranscription>;

/**
 * The metered embedding call: reserve the texts' counted tokens at the model's input price (402
 * budget_exceeded when the credit has no room) → embed → settle the provider's token count (else
 * the estimate), or nothing when the call failed. It produces no output, so it never counts as one
 * of the plan's calls: only its cost is recorded.
 */
export function createMeteredEmbedding({
  embedder,
  usage,
  observe = () => undefined,
}: {
  embedder: EmbeddingGateway;
  usage: Pick<UsageService, 'reserve' | 'settle'>;
  observe?: AiCallObserver;
}) {
  return {
    isConfigured: (): boolean => embedder.isConfigured(),
    /** The configured model as `provider:model`, or null without AI_EMBEDDING_MODEL. */
    model: (): string | null => (embedder.spec ? `${embedder.spec.provider}:${embedder.spec.modelId}` : null),
    async embed({
      tenantId,
      fileId = null,
      texts,
      abortSignal,
    }: {
      tenantId: string;
      fileId?: string | null;
      texts: string[];
      abortSignal?: AbortSignal;
    }): Promise<EmbeddingOutcome> {
      embedder.assertConfigured();
      const modelId = embedder.spec?.modelId ?? '';
      const promptTokens = texts.reduce((sum, text) => sum + estimateTokens(text), 0);
      const held = await usage.reserve({ tenantId, fileId, tier: 'fast', modelId, promptTokens, maxOutputTokens: 0 });
      let outcome: EmbeddingOutcome = { ok: false, failure: { kind: 'provider_error', message: 'the embedding call failed.' } };
      try {
        outcome = await embedder.embed({ texts, abortSignal });
      } finally {
        const inputTokens = outcome.ok ? (outcome.tokens ?? promptTokens) : 0;
        observe({
          tier: 'embedding',
          outcome: outcome.ok ? 'ok' : outcome.failure.kind,
          inputTokens,
          costUsd: priceOf({ modelId, tier: 'fast', inputTokens, outputTokens: 0 }),
        });
        await usage.settle({ reservation: held, inputTokens, outputTokens: 0 });
      }
      return outcome;
    },
  };
}
export type MeteredEmbedding = ReturnType<typeof createMeteredEmbedding>;
