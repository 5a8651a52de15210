import type { AiAction, AiTier, BackgroundResponse, OperationStatus, OperationStreamEvent, OperationType, VariantAction } from '@bree/contracts';
import { aiErrors, OPERATION_ERROR_CODES } from '../ai.errors';
import type { CallOutcome, HeldCall } from '../ai.metered';
import { toResponse } from '../ai.nodes';
import type { AiRepository } from '../ai.repository';
import type { ModelRunner } from '../ai.runner';
import { OPERATION_TYPE_OF } from '../prompts';
import { presentBackgroundResponse } from './operations.presenter';
import type { OperationRegistry } from './operations.registry';

/**
 * Everything needed to run one operation, wherever and whenever it runs: it is the pg-boss job's
 * data, so a Bree restarted mid-generation (or another instance) can run it again from scratch.
 * The prompt is built (and counted for the reservation) when the operation starts.
 */
export type OperationJob = EditorOperationJob | VariantOperationJob;

interface OperationJobBase {
  operationId: string;
  tenantId: string;
  fileId: string;
  /** The selected blocks, whose ids a rewrite keeps. */
  nodeIds: string[];
  /** A rewrite of a selection: where each selected stretch was (stored with the response for the editor). */
  parts?: NonNullable<BackgroundResponse['originalContext']['parts']>;
  tier: AiTier;
  system: string;
  prompt: string;
  /** The budget held for this call when it started; the run settles it (or holds it for the next run). */
  held: HeldCall;
}

/** An editor action: its answer is stored as a background response for the editor to apply. */
export interface EditorOperationJob extends OperationJobBase {
  action: AiAction;
  /** How the answer is applied when the action alone does not say (Ask AI: on a selection or at the cursor). */
  operationType?: OperationType;
  variant?: undefined;
}

/** A workspace variant's generation: its answer fills the variant document (modules/workspaces). */
export interface VariantOperationJob extends OperationJobBase {
  action: VariantAction;
  /** `update`: made again from the master, so the replaced text is kept as a version. */
  variant: { variantId: string; update: boolean };
}

/** Where a variant's answer goes: given by the workspaces module, which owns variant documents. */
export interface VariantSink {
  /** Stores the outcome in the variant document (or marks it failed) and says what to tell the subscribers. */
  store(job: VariantOperationJob, outcome: CallOutcome): Promise<OperationStreamEvent>;
  /** A retried job: its last event when its generation already ended (it is not run again), else null. */
  ended(job: VariantOperationJob): Promise<OperationStreamEvent | null>;
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
  /** The one model-call runner: streams under the job's hold and settles it after the answer is stored. */
  models: Pick<ModelRunner, 'stream'>;
  registry: OperationRegistry;
  newBlockId: () => string;
  /** Fills variant documents; without it a variant job fails like a failed call. */
  variants?: VariantSink;
  /** Longest generation; a stuck provider must not hold a job past its pg-boss expiry. */
  maxRunMs?: number;
}

/** Under the AI queue's 15-minute expiry, so a slow local model ends as 'interrupted', not retried twice. */
const MAX_RUN_MS = 14 * 60_000;
const SHUTDOWN = 'shutdown';
/** The author stopped it (docs/ASSISTANT.md "Ask AI"): nothing is stored, what was received is metered. */
const CANCEL = 'cancel';

/** An editor job's operation type: its own (Ask AI), else its action's. */
const typeOf = (job: EditorOperationJob): OperationType => job.operationType ?? OPERATION_TYPE_OF[job.action];

const CANCELLED: OperationStreamEvent = { event: 'error', data: { code: 'operation_cancelled', message: 'The AI operation was cancelled.' } };

/**
 * Runs AI operations: the metered provider stream (forwarded live to the operation's
 * subscribers), then the stored background response, then the settled usage.
 */
export function createOperationRunner(deps: OperationRunnerDeps) {
  const { repository, models, registry } = deps;
  const running = new Map<string, { tenantId: string; abort: AbortController; done: Promise<RunOutcome> }>();

  /** Stores the answer of a finished call (the metered call settles after this) and says what to tell its subscribers. */
  async function store(job: EditorOperationJob, { text, failure }: CallOutcome): Promise<OperationStreamEvent> {
    const { tenantId, operationId } = job;
    const operationType = typeOf(job);
    // A cut stream keeps what arrived: the author may still want the partial text.
    const status: OperationStatus = failure === null ? 'completed' : text ? 'interrupted' : 'failed';
    const response = toResponse({ operationType, text, nodeIds: job.nodeIds, newId: deps.newBlockId });
    const row = {
      tenantId,
      documentId: job.fileId,
      operationId,
      operationType,
      response,
      originalContext: { nodeIds: job.nodeIds, ...(job.parts ? { parts: job.parts } : {}), action: job.action, tier: job.tier },
      status,
    };
    let stored: BackgroundResponse | null = null;
    try {
      await repository.saveResponse(row);
      stored = presentBackgroundResponse({ ...row, createdAt: new Date() });
    } catch {
      // The document was deleted meanwhile (foreign key): nothing to apply it to.
    }
    if (status !== 'failed' && stored) return { event: 'done', data: { response: stored } };
    const error = aiErrors.operationFailed({ operationType, reason: failure?.message ?? 'the document no longer exists.' });
    return { event: 'error', data: { code: OPERATION_ERROR_CODES[operationType], message: error.message } };
  }

  async function storeVariant(job: VariantOperationJob, call: CallOutcome): Promise<OperationStreamEvent> {
    if (deps.variants) return deps.variants.store(job, call);
    return { event: 'error', data: { code: 'variant_failed', message: 'Variants cannot be made on this server.' } };
  }

  /** The stable code of a failed operation (the writing error kinds, docs/PRODUCT.md#assistant; variant_failed for workspaces). */
  const failureCode = (job: OperationJob) => (job.variant ? 'variant_failed' : OPERATION_ERROR_CODES[typeOf(job)]);

  async function execute(job: OperationJob, abort: AbortController, { requeueOnShutdown, retry }: RunOptions): Promise<RunOutcome> {
    const { tenantId, operationId } = job;
    // A retried job whose first run stored its answer (then crashed) is already done.
    if (retry && job.variant && deps.variants) {
      const ended = await deps.variants.ended(job);
      if (ended) {
        registry.emit(operationId, ended);
        return 'finished';
      }
    }
    const earlier = retry && !job.variant ? await repository.findResponse({ tenantId, operationId }) : null;
    if (earlier) {
      registry.emit(operationId, { event: 'done', data: { response: presentBackgroundResponse(earlier) } });
      return 'finished';
    }
    const told: { last: OperationStreamEvent | null } = { last: null };
    await models.stream({
      held: job.held,
      system: job.system,
      prompt: job.prompt,
      abortSignal: abort.signal,
      onDelta: (text) => registry.emit(operationId, { event: 'delta', data: { text } }),
      keep: async (call) => {
        // Handed back on shutdown: nothing stored, and the budget stays held for the next run.
        if (abort.signal.reason === SHUTDOWN && requeueOnShutdown) return 'hold';
        // Cancelled by the author: no result is kept, and the call settles at what the provider sent.
        if (abort.signal.reason === CANCEL) {
          told.last = CANCELLED;
          return 'settle';
        }
        told.last = job.variant ? await storeVariant(job, call) : await store(job, call);
        return 'settle';
      },
    });
    if (!told.last) return 'requeue';
    // Told once the usage is settled, so whoever saw the answer also sees it metered.
    registry.emit(operationId, told.last);
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
            data: { code: failureCode(job), message: 'The AI operation failed.' },
          });
          throw error;
        })
        .finally(() => {
          clearTimeout(timer);
          running.delete(job.operationId);
        });
      running.set(job.operationId, { tenantId: job.tenantId, abort, done });
      return done;
    },

    /** Whether this tenant's operation runs here (another tenant's id is not theirs to know of). */
    isRunning: ({ tenantId, operationId }: { tenantId: string; operationId: string }): boolean => running.get(operationId)?.tenantId === tenantId,

    /**
     * Stops this tenant's generation running here at the author's request; it ends with an
     * `operation_cancelled` error event once settled. False when it does not run here.
     */
    cancel({ tenantId, operationId }: { tenantId: string; operationId: string }): boolean {
      const op = running.get(operationId);
      if (!op || op.tenantId !== tenantId) return false;
      if (!op.abort.signal.aborted) op.abort.abort(CANCEL);
      return true;
    },

    /** Stops every generation (a shutdown) and waits until each has stored or handed back its job. */
    async close(): Promise<void> {
      const all = [...running.values()];
      for (const op of all) op.abort.abort(SHUTDOWN);
      await Promise.allSettled(all.map((op) => op.done));
    },
  };
}
export type OperationRunner = ReturnType<typeof createOperationRunner>;
