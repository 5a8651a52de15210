import type { AiTier, CreateOperationBody, OperationStreamEvent } from '@bree/contracts';
import type { UsageService } from '../usage/usage.service';
import { tierInEffect } from './ai-provider.service';
import { aiErrors } from './ai.errors';
import type { AiGateway } from './ai.gateway';
import type { OperationRegistry } from './ai.operations';
import { presentBackgroundResponse } from './ai.presenter';
import type { AiRepository } from './ai.repository';
import type { OperationJob, OperationRunner } from './ai.runner';

/** Where started operations go to be run: pg-boss once jobs run, this process until then. */
export interface OperationQueue {
  /**
   * Starts the operation (here or in another Bree) and resolves once it is stored durably, so the
   * client's answer comes after that. Never rejects once the operation runs: the reservation is
   * then settled by the run, whatever happens.
   */
  enqueue(job: OperationJob): Promise<void>;
  /** Whether this tenant's operation is still waiting or running anywhere. */
  isPending(args: { tenantId: string; operationId: string }): Promise<boolean>;
}

export interface AiServiceDeps {
  repository: AiRepository;
  gateway: AiGateway;
  usage: UsageService;
  registry: OperationRegistry;
  runner: OperationRunner;
  newId: () => string;
  /** How often a subscriber to an operation running elsewhere checks for its stored answer. */
  pollMs?: number;
  /** Operations queued by any Bree (the job table), known even before this process's queue is attached. */
  queuedAnywhere?: (args: { tenantId: string; operationId: string }) => Promise<boolean>;
}

/** Context cut to what a prompt needs: the text right around the selection matters most. */
const CONTEXT_BEFORE = 6_000;
const CONTEXT_AFTER = 2_000;
const POLL_MS = 1_000;

const REWRITES = new Set(['enhance', 'modify', 'shrink', 'expand']);

/** Surrounding text from the stored document when the client sent none. */
function contextFromDocument(docText: string, selection: string): { before: string; after: string } {
  const at = selection ? docText.indexOf(selection) : -1;
  if (at < 0) return { before: docText.slice(-CONTEXT_BEFORE), after: '' };
  return { before: docText.slice(Math.max(0, at - CONTEXT_BEFORE), at), after: docText.slice(at + selection.length, at + selection.length + CONTEXT_AFTER) };
}

/** AI writing operations: validate, reserve budget, queue; then stream, store and list their results. */
export function createAiService(deps: AiServiceDeps) {
  const { repository, gateway, usage, registry, runner } = deps;

  /** Until pg-boss runs, operations run detached in this process (and cannot survive a restart). */
  const inProcess: OperationQueue = {
    async enqueue(job) {
      void runner.run(job, { requeueOnShutdown: false, retry: false }).catch(() => undefined);
    },
    isPending: async (args) => runner.isRunning(args.operationId) || ((await deps.queuedAnywhere?.(args)) ?? false),
  };
  let queue = inProcess;

  async function requireFile({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<void> {
    if (!(await repository.operationContext({ tenantId, fileId, withText: false }))) throw aiErrors.documentNotFound();
  }

  /** Follows an operation running in another process (or queued again after a restart): live once it runs here, else its stored answer. */
  function followQueued({
    tenantId,
    operationId,
    listener,
  }: {
    tenantId: string;
    operationId: string;
    listener: (e: OperationStreamEvent) => void;
  }): () => void {
    let stopped = false;
    let unsubscribe = (): void => undefined;
    const check = async () => {
      if (stopped) return;
      // Picked up by this process meanwhile: from here on the subscriber follows it live.
      const live = registry.subscribe({ tenantId, operationId, listener });
      if (live) {
        unsubscribe = live;
        return;
      }
      const row = await repository.findResponse({ tenantId, operationId }).catch(() => null);
      if (row) return listener({ event: 'done', data: { response: presentBackgroundResponse(row) } });
      if (!(await queue.isPending({ tenantId, operationId }).catch(() => true))) {
        return listener({ event: 'error', data: { code: 'operation_not_found', message: 'The AI operation ended without a result. Please try again.' } });
      }
      setTimeout(() => void check(), deps.pollMs ?? POLL_MS).unref();
    };
    setTimeout(() => void check(), deps.pollMs ?? POLL_MS).unref();
    return () => {
      stopped = true;
      unsubscribe();
    };
  }

  return {
    /** Plugs in the job queue (null: back to running in this process, e.g. while jobs stop). */
    attachQueue(q: OperationQueue | null): void {
      queue = q ?? inProcess;
    },

    /** Starts an operation and answers at once; the generation continues even if the client leaves. */
    async start({ tenantId, body }: { tenantId: string; body: CreateOperationBody }): Promise<{ operationId: string; tier: AiTier }> {
      if (REWRITES.has(body.action) && !body.selection.text.trim()) throw aiErrors.invalidInput('Select some text to rewrite first.');
      if (body.action === 'modify' && !body.instruction?.trim()) throw aiErrors.invalidInput('Type an instruction for Modify.');
      const found = await repository.operationContext({ tenantId, fileId: body.fileId, withText: !body.context });
      if (!found) throw aiErrors.documentNotFound();
      const tier = body.tier ?? tierInEffect(found);
      gateway.assertConfigured(tier);
      const context = body.context
        ? { before: body.context.before ?? '', after: body.context.after ?? '' }
        : contextFromDocument(found.contentText ?? '', body.selection.text);
      const reservation = await usage.reserve({ tenantId, tier });
      const operationId = deps.newId();
      const job: OperationJob = {
        operationId,
        tenantId,
        fileId: body.fileId,
        action: body.action,
        instruction: body.instruction,
        selection: body.selection,
        context,
        tier,
        reservation,
      };
      // Registered before the job can emit, so a subscriber arriving right after this answer sees every token.
      registry.create({ operationId, tenantId });
      await queue.enqueue(job);
      return { operationId, tier };
    },

    /** Subscribes to an operation's events; a finished, remote or restarted one answers once stored. Null: not this tenant's. */
    async subscribe({
      tenantId,
      operationId,
      listener,
    }: {
      tenantId: string;
      operationId: string;
      listener: (e: OperationStreamEvent) => void;
    }): Promise<(() => void) | null> {
      const unsubscribe = registry.subscribe({ tenantId, operationId, listener });
      if (unsubscribe) return unsubscribe;
      const row = await repository.findResponse({ tenantId, operationId });
      if (row) {
        listener({ event: 'done', data: { response: presentBackgroundResponse(row) } });
        return () => undefined;
      }
      if (!(await queue.isPending({ tenantId, operationId }))) return null;
      return followQueued({ tenantId, operationId, listener });
    },

    async listResponses({ tenantId, documentId }: { tenantId: string; documentId: string }) {
      await requireFile({ tenantId, fileId: documentId });
      return { responses: (await repository.listResponses({ tenantId, documentId })).map(presentBackgroundResponse) };
    },

    async deleteResponse({ tenantId, documentId, operationId }: { tenantId: string; documentId: string; operationId: string }) {
      await requireFile({ tenantId, fileId: documentId });
      await repository.deleteResponse({ tenantId, documentId, operationId });
      return { success: true as const };
    },

    /** Stops running generations: queued ones go back to the queue, in-process ones are kept as interrupted. */
    close: (): Promise<void> => runner.close(),
  };
}
export type AiService = ReturnType<typeof createAiService>;
