import type { AiAction, AiTier, BackgroundResponse, OperationStatus } from '@bree/contracts';
import { estimateTokens } from '../usage/usage.plans';
import type { Reservation, UsageService } from '../usage/usage.service';
import { aiErrors, OPERATION_ERROR_CODES } from './ai.errors';
import type { AiGateway, GatewayFailure } from './ai.gateway';
import { toResponse } from './ai.nodes';
import type { OperationRegistry } from './ai.operations';
import { presentBackgroundResponse } from './ai.presenter';
import type { AiRepository } from './ai.repository';
import { buildPrompt, OPERATION_TYPE_OF } from './prompts';

/**
 * Everything needed to run one operation, wherever and whenever it runs: it is the pg-boss job's
 * data, so a Bree restarted mid-generation (or another instance) can run it again from scratch.
 */
export interface OperationJob {
  operationId: string;
  tenantId: string;
  fileId: string;
  action: AiAction;
  instruction?: string;
  selection: { text: string; nodeIds: string[] };
  context: { before: string; after: string };
  tier: AiTier;
  reservation: Reservation;
}

export interface RunOptions {
  /** Stopped by a shutdown → hand the job back instead of storing the partial text. */
  requeueOnShutdown: boolean;
  /** A job run again (after a shutdown or crash): its answer may already be stored. */
  retry: boolean;
}

/** 'requeue': stopped by a shutdown before finishing; nothing was stored or metered, run it again. */
export type RunOutcome = 'finished' | 'requeue';

export interface OperationRunnerDeps {
  repository: AiRepository;
  gateway: AiGateway;
  usage: UsageService;
  registry: OperationRegistry;
  newBlockId: () => string;
  voice?: { getPromptVoice(args: { tenantId: string; text: string }): Promise<string> };
  /** Longest generation; a stuck provider must not hold a job past its pg-boss expiry. */
  maxRunMs?: number;
}

/** Text before the cursor that picks the voice passages when nothing is selected. */
const VOICE_QUERY_CHARS = 2_000;
/** Under the AI queue's 15-minute expiry, so a slow local model ends as 'interrupted', not retried twice. */
const MAX_RUN_MS = 14 * 60_000;
const SHUTDOWN = 'shutdown';

/**
 * Runs AI operations: the author's voice, the prompt, the provider stream (forwarded live to
 * the operation's subscribers), the stored background response and the metered usage.
 */
export function createOperationRunner(deps: OperationRunnerDeps) {
  const { repository, gateway, usage, registry } = deps;
  const running = new Map<string, { abort: AbortController; done: Promise<RunOutcome> }>();

  async function promptFor(job: OperationJob) {
    // Passages are searched by the selection, or by the text just before the cursor for insertions.
    const voiceText = job.selection.text.trim() ? job.selection.text : job.context.before.slice(-VOICE_QUERY_CHARS);
    // A failed voice lookup only makes the prompt plainer; it must not cost the author the operation.
    const voiceProfile = deps.voice ? await deps.voice.getPromptVoice({ tenantId: job.tenantId, text: voiceText }).catch(() => '') : '';
    return buildPrompt(job.action, { selection: job.selection.text, ...job.context, voiceProfile, instruction: job.instruction });
  }

  async function execute(job: OperationJob, abort: AbortController, { requeueOnShutdown, retry }: RunOptions): Promise<RunOutcome> {
    const { tenantId, operationId } = job;
    const operationType = OPERATION_TYPE_OF[job.action];
    // A retried job whose first run stored its answer (then crashed) is already done.
    const earlier = retry ? await repository.findResponse({ tenantId, operationId }) : null;
    if (earlier) {
      registry.emit(operationId, { event: 'done', data: { response: presentBackgroundResponse(earlier) } });
      return 'finished';
    }
    const prompt = await promptFor(job);
    let text = '';
    let usageReport: { inputTokens: number | undefined; outputTokens: number | undefined } | null = null;
    let failure: GatewayFailure | null = null;
    try {
      for await (const event of gateway.stream({ tier: job.tier, ...prompt, abortSignal: abort.signal })) {
        if (event.type === 'delta') {
          text += event.text;
          registry.emit(operationId, { event: 'delta', data: { text: event.text } });
        } else if (event.type === 'finish') usageReport = event.usage;
        else failure = event.failure;
      }
    } catch {
      failure = { kind: 'provider_error', message: 'the AI provider call failed.' };
    }
    if (abort.signal.reason === SHUTDOWN && requeueOnShutdown) return 'requeue';
    // A cut stream keeps what arrived: the author may still want the partial text.
    const status: OperationStatus = failure === null ? 'completed' : text ? 'interrupted' : 'failed';
    const response = toResponse({ operationType, text, nodeIds: job.selection.nodeIds, newId: deps.newBlockId });
    const row = { tenantId, documentId: job.fileId, operationId, operationType, response, originalContext: { nodeIds: job.selection.nodeIds }, status };
    let stored: BackgroundResponse | null = null;
    try {
      await repository.saveResponse(row);
      stored = presentBackgroundResponse({ ...row, createdAt: new Date() });
    } catch {
      // The document was deleted meanwhile (foreign key): nothing to apply it to.
    }
    // Only tokens that were actually exchanged are metered; a failed call produced none.
    const inputTokens = status === 'failed' ? 0 : (usageReport?.inputTokens ?? estimateTokens(prompt.system + prompt.prompt));
    const outputTokens = status === 'completed' ? (usageReport?.outputTokens ?? estimateTokens(text)) : estimateTokens(text);
    await usage.settle({ reservation: job.reservation, modelId: gateway.spec(job.tier).modelId, inputTokens, outputTokens });
    if (status === 'failed' || !stored) {
      const error = aiErrors.operationFailed({ operationType, reason: failure?.message ?? 'the document no longer exists.' });
      registry.emit(operationId, { event: 'error', data: { code: OPERATION_ERROR_CODES[operationType], message: error.message } });
    } else {
      registry.emit(operationId, { event: 'done', data: { response: stored } });
    }
    return 'finished';
  }

  return {
    /** Runs one operation to its end. With `requeueOnShutdown`, a shutdown leaves it for the next run. */
    run(job: OperationJob, options: RunOptions): Promise<RunOutcome> {
      // A job run by pg-boss after a restart has no live entry yet: subscribers arriving now see it stream.
      registry.create({ operationId: job.operationId, tenantId: job.tenantId });
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort('timeout'), deps.maxRunMs ?? MAX_RUN_MS);
      timer.unref();
      const done = execute(job, abort, options)
        .catch((error: unknown) => {
          registry.emit(job.operationId, {
            event: 'error',
            data: { code: OPERATION_ERROR_CODES[OPERATION_TYPE_OF[job.action]], message: 'The AI operation failed.' },
          });
          throw error;
        })
        .finally(() => {
          clearTimeout(timer);
          running.delete(job.operationId);
        });
      running.set(job.operationId, { abort, done });
      return done;
    },

    isRunning: (operationId: string): boolean => running.has(operationId),

    /** Stops every generation (a shutdown) and waits until each has stored or handed back its job. */
    async close(): Promise<void> {
      const all = [...running.values()];
      for (const op of all) op.abort.abort(SHUTDOWN);
      await Promise.allSettled(all.map((op) => op.done));
    },
  };
}
export type OperationRunner = ReturnType<typeof createOperationRunner>;
