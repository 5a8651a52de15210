import type { Config } from '../../config';
import { traceModelCall } from '../../lib/tracing/tracing';
import { aiErrors } from './ai.errors';
import { classifyFailure, transcribeAudio, type GatewayFailure } from './ai.gateway';
import { createProviderRegistry, parseModelSpec, type ModelSpec, type ProviderRegistry } from './ai.providers';
import { createRetrier, type Retrier } from './ai.retry';

/** What a transcription call gives back: the words, and the audio's length when the provider says it. */
export interface Transcript {
  text: string;
  durationSeconds: number | undefined;
}

export type TranscriptionOutcome = { ok: true; transcript: Transcript } | { ok: false; failure: GatewayFailure };

/** AI_TRANSCRIPTION_MODEL → a speech-to-text call. Features reach it only through the metered gateway (ai.metered.ts). */
export interface TranscriptionGateway {
  spec: ModelSpec;
  isConfigured(): boolean;
  /** Throws 503 ai_not_configured when the transcription provider has no credentials. */
  assertConfigured(): void;
  transcribe(request: { audio: Uint8Array; mediaType: string; abortSignal?: AbortSignal }): Promise<TranscriptionOutcome>;
}

/**
 * The transcription gateway of AI_TRANSCRIPTION_MODEL, on the process's providers (`registry`),
 * retried under the one retry policy (ai.retry.ts) like every model call.
 */
export function createTranscriptionGateway({
  config,
  registry = createProviderRegistry({ config }),
  retry,
}: {
  config: Config;
  registry?: ProviderRegistry;
  retry?: Partial<Retrier>;
}): TranscriptionGateway {
  const spec = parseModelSpec(config.ai.transcriptionModel);
  const makeEngine = registry.transcriptionEngine(spec);
  const retrier = createRetrier(retry);
  return {
    spec,
    isConfigured: () => makeEngine !== null,
    assertConfigured() {
      if (!makeEngine) throw aiErrors.notConfigured();
    },
    async transcribe({ audio, mediaType, abortSignal }) {
      if (!makeEngine) throw aiErrors.notConfigured();
      // A span per call when traces are on: model, audio size and type, outcome, never the words.
      return traceModelCall(
        { tier: 'transcription', model: `${spec.provider}:${spec.modelId}` },
        async (): Promise<TranscriptionOutcome> => {
          try {
            return { ok: true, transcript: await transcribeAudio({ engine: await makeEngine(), audio, mediaType, abortSignal, retrier }) };
          } catch (error) {
            return { ok: false, failure: classifyFailure(error) };
          }
        },
        (outcome) => ({
          'bree.ai.outcome': outcome.ok ? 'ok' : outcome.failure.kind,
          'bree.ai.audio_bytes': audio.byteLength,
          'bree.ai.audio_type': mediaType,
        }),
      );
    },
  };
}
