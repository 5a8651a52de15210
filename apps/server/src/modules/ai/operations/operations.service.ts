import { operationTypeFor, type AiTier, type CreateOperationBody, type OperationStreamEvent } from '@bree/contracts';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { aiErrors } from '../ai.errors';
import type { HeldCall } from '../ai.metered';
import type { AiRepository } from '../ai.repository';
import type { ModelRunner } from '../ai.runner';
import { buildPrompt } from '../prompts';
import { withAlternative } from '../prompts/alternatives';
import { presentBackgroundResponse } from './operations.presenter';
import type { OperationLive } from './operations.live';
import type { OperationQueue } from './operations.queue';
import type { OperationRegistry } from './operations.registry';
import type { OperationJob, OperationRunner } from './operations.runner';

export interface AiServiceDeps {
  repository: AiRepository;
  /** The one model-call runner: an operation is prepared (tier, voice, prompt, hold) here and streamed in its job. */
  models: Pick<ModelRunner, 'prepare' | 'planOf' | 'voice'>;
  registry: OperationRegistry;
  /** Given at construction: it runs operations in this process until pg-boss delivers them (operations.queue.ts). */
  queue: OperationQueue;
  runner: Pick<OperationRunner, 'close' | 'cancel'>;
  newId: () => string;
  /** Live events of operations other processes run (LISTEN/NOTIFY); without it such a subscriber gets the stored answer only. */
  live?: Pick<OperationLive, 'follow' | 'cancel'>;
  /** How often a subscriber to an operation running elsewhere checks for its stored answer (the safety net under `live`). */
  pollMs?: number;
  /**
   * The owner's tenant when the caller is an Editor of another account's document (the one grant
   * resolver, need 'edit'): the document is read there, the call is metered to the caller
   * (docs/SHARING.md "People"). Throws 404 without access, 403 for a role short of Editor.
   */
  grantedOwner?: (args: { tenantId: string; fileId: string }) => Promise<string>;
}

/** Text before the cursor that picks the voice passages when nothing is selected. */
const VOICE_QUERY_CHARS = 2_000;
/** Context cut to what a prompt needs: the text right around the selection matters most. */
const CONTEXT_BEFORE = 6_000;
const CONTEXT_AFTER = 2_000;
const POLL_MS = 1_000;

/** Whether text is selected, and whether the result replaces it (the rewrites, and Ask AI on a selection). */
function selectionOf(body: CreateOperationBody): { selected: boolean; rewrite: boolean } {
  const { parts } = body.selection;
  const selected = parts ? parts.some((p) => p.text.trim()) : body.selection.text.trim() !== '';
  return { selected, rewrite: operationTypeFor({ action: body.action, selected }) === 'rewrite' };
}

/** Surrounding text from the stored document when the client sent none. */
function contextFromDocument(docText: string, selection: string): { before: string; after: string } {
  const at = selection ? docText.indexOf(selection) : -1;
  if (at < 0) return { before: docText.slice(-CONTEXT_BEFORE), after: '' };
  return { before: docText.slice(Math.max(0, at - CONTEXT_BEFORE), at), after: docText.slice(at + selection.length, at + selection.length + CONTEXT_AFTER) };
}

/** AI writing operations: validate, reserve budget, queue; then stream, store and list their results. */
export function createAiService(deps: AiServiceDeps) {
  const { repository, models, registry, queue } = deps;

  /**
   * The document an operation works on: the caller's own (no extra query), else — for an Editor of
   * another account's document — the owner's. Null when there is none the caller may write.
   */
  async function operationContext({ tenantId, fileId, withText }: { tenantId: string; fileId: string; withText: boolean }) {
    const own = await repository.operationContext({ tenantId, fileId, withText });
    if (own || !deps.grantedOwner) return own;
    let owner: string;
    try {
      owner = await deps.grantedOwner({ tenantId, fileId });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
    return owner === tenantId ? null : repository.operationContext({ tenantId: owner, fileId, withText });
  }

  /** The text the voice's passages are searched by: the selection, or the text just before the cursor for insertions. */
  function voiceQuery(body: CreateOperationBody, before: string): string {
    return body.selection.text.trim() ? body.selection.text : before.slice(-VOICE_QUERY_CHARS);
  }

  /** The prompt, with the author's voice: built when the operation starts, so its reservation counts exactly what is sent. */
  function promptFor({ body, context, voiceProfile }: { body: CreateOperationBody; context: { before: string; after: string }; voiceProfile: string }) {
    // Parts make a rewrite of exactly the selection; insertions have nothing selected to send.
    const parts = selectionOf(body).rewrite ? body.selection.parts : undefined;
    return buildPrompt(body.action, {
      selection: body.selection.text,
      ...(parts ? { parts } : {}),
      ...context,
      voiceProfile,
      instruction: body.instruction,
      ...(body.earlierVersions ? { earlierVersions: body.earlierVersions } : {}),
    });
  }

  async function requireFile({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<void> {
    // An Editor's own results on another account's document are theirs to list and delete (kept under their tenant).
    if (!(await operationContext({ tenantId, fileId, withText: false }))) throw aiErrors.documentNotFound();
  }

  /**
   * Follows an operation running in another process (or queued again after a restart): its live
   * events through `live`, and meanwhile its stored answer, checked every poll, for events that never
   * arrive (a follower too late for the replay, a process that died). Picked up by this process
   * before any event arrived: followed here.
   */
  function followElsewhere({
    tenantId,
    operationId,
    listener,
  }: {
    tenantId: string;
    operationId: string;
    listener: (e: OperationStreamEvent) => void;
  }): () => void {
    let ended = false;
    let told = 0;
    const deliver = (event: OperationStreamEvent): void => {
      if (ended) return;
      told += 1;
      if (event.event !== 'delta') stop();
      listener(event);
    };
    let unsubscribe = deps.live ? deps.live.follow({ tenantId, operationId, listener: deliver }) : (): void => undefined;
    function stop(): void {
      ended = true;
      unsubscribe();
    }
    const check = async () => {
      if (ended) return;
      const local = told === 0 ? registry.subscribe({ tenantId, operationId, listener: deliver }) : null;
      if (local) {
        unsubscribe();
        unsubscribe = local;
        return;
      }
      const row = await repository.findResponse({ tenantId, operationId }).catch(() => null);
      if (row) return deliver({ event: 'done', data: { response: presentBackgroundResponse(row) } });
      if (!(await queue.isPending({ tenantId, operationId }).catch(() => true))) {
        return deliver({ event: 'error', data: { code: 'operation_not_found', message: 'The AI operation ended without a result. Please try again.' } });
      }
      setTimeout(() => void check(), deps.pollMs ?? POLL_MS).unref();
    };
    setTimeout(() => void check(), deps.pollMs ?? POLL_MS).unref();
    return stop;
  }

  return {
    /**
     * Starts an operation — or `alternatives` operations of one request, each asked for its own
     * approach, held in one statement, all or none (docs/ASSISTANT.md "Three versions at once") —
     * and answers at once; the generations continue even if the client leaves.
     */
    async start({
      tenantId,
      body,
      alternatives = 1,
    }: {
      tenantId: string;
      body: CreateOperationBody;
      alternatives?: number;
    }): Promise<Array<{ operationId: string; tier: AiTier }>> {
      const { parts } = body.selection;
      const { selected, rewrite } = selectionOf(body);
      // A rewrite needs a selection (Ask AI without one writes at the cursor instead).
      if (rewrite && !selected) throw aiErrors.invalidInput('Select some text to rewrite first.');
      if (body.action === 'modify' && !body.instruction?.trim()) throw aiErrors.invalidInput('Type an instruction for Modify.');
      if (body.action === 'ask' && !body.instruction?.trim()) throw aiErrors.instructionRequired();
      // Every read here comes before the first token, so they go together: the document, the plan
      // the hold is priced against, and — when its query is known without the document (a selection,
      // or context the client sent) — the voice.
      const earlyQuery = body.selection.text.trim() || body.context ? voiceQuery(body, body.context?.before ?? '') : null;
      const earlyVoice = earlyQuery === null ? null : models.voice({ tenantId, text: earlyQuery });
      const [found, tenantPlan] = await Promise.all([
        operationContext({ tenantId, fileId: body.fileId, withText: !body.context }),
        models.planOf(tenantId),
        earlyVoice,
      ]);
      if (!found) throw aiErrors.documentNotFound();
      const context = body.context
        ? { before: body.context.before ?? '', after: body.context.after ?? '' }
        : contextFromDocument(found.contentText ?? '', body.selection.text);
      const operationIds = Array.from({ length: alternatives }, () => deps.newId());
      type JobArgs = { held: HeldCall; prompt: { system: string; prompt: string }; tier: AiTier; operationId: string };
      const jobFor = ({ held, prompt, tier, operationId }: JobArgs): OperationJob => ({
        operationId,
        tenantId,
        fileId: body.fileId,
        action: body.action,
        // Ask AI's type depends on the selection; the other actions' is fixed by the action.
        ...(body.action === 'ask' ? { operationType: rewrite ? 'rewrite' : 'insertContent' } : {}),
        nodeIds: body.selection.nodeIds,
        // Where each selected stretch was, so a result applied later (a background response) finds it again.
        ...(parts && rewrite ? { parts: parts.map((p) => ({ nodeId: p.nodeId, offset: p.before.length, text: p.text })) } : {}),
        tier,
        ...prompt,
        held,
      });
      let prompts: Array<{ system: string; prompt: string }> = [];
      const jobsOf = ({ held, tier }: { held: HeldCall; tier: AiTier }): OperationJob[] =>
        operationIds.map((operationId, i) => jobFor({ held, tier, operationId, prompt: prompts[i]! }));
      // The call's worst case is held now (or 402), and its job is written in the same statement:
      // both commit or neither does, in one round trip. The run, here or in another Bree, settles it.
      const prepared = await models.prepare({
        tenantId,
        fileId: body.fileId,
        tier: { asked: body.tier, choices: found },
        voice: earlyVoice ? { lookup: earlyVoice } : { query: voiceQuery(body, context.before) },
        build: (voiceProfile) => {
          const built = promptFor({ body, context, voiceProfile });
          if (alternatives === 1) return (prompts = [built])[0]!;
          prompts = operationIds.map((_, i) => withAlternative(built, { index: i + 1, of: alternatives }));
          // Each call is held at the longest prompt's worst case: no call can cost more than it holds.
          return prompts.reduce((a, b) => (b.system.length + b.prompt.length > a.system.length + a.prompt.length ? b : a));
        },
        tenantPlan,
        heldByJob: true,
        ...(alternatives > 1 ? { count: alternatives } : {}),
        alongside: (call) => {
          const rows = jobsOf(call).map((job) => queue.jobRow(job));
          // Jobs not running yet: none is written with the hold, each is enqueued alone.
          const written = rows.filter((row): row is NonNullable<typeof row> => row !== null);
          return written.length === rows.length ? (held: SQL) => written.map((row) => row(held)) : null;
        },
      });
      const { tier } = prepared;
      const jobs = jobsOf(prepared);
      // Registered before the jobs can emit, so a subscriber arriving right after this answer sees every token.
      for (const operationId of operationIds) registry.create({ operationId, tenantId });
      await Promise.all(jobs.map((job) => queue.enqueue(job, { stored: prepared.wroteAlongside })));
      return operationIds.map((operationId) => ({ operationId, tier }));
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
      return followElsewhere({ tenantId, operationId, listener });
    },

    /**
     * The author's cancel (docs/ASSISTANT.md "Ask AI"): the generation stops, nothing is stored and
     * the call is metered at what was received. One running elsewhere is told through `live`;
     * one that already ended answers `stopped: false`. 404 when this tenant has no such operation.
     */
    async cancel({ tenantId, operationId }: { tenantId: string; operationId: string }): Promise<{ stopped: boolean }> {
      if (deps.runner.cancel({ tenantId, operationId })) return { stopped: true };
      // Ended in this process (kept for a few minutes), or stored: nothing left to stop.
      if (registry.eventsOf({ tenantId, operationId })) return { stopped: false };
      if (await repository.findResponse({ tenantId, operationId })) return { stopped: false };
      if (!(await queue.isPending({ tenantId, operationId }))) throw aiErrors.operationNotFound();
      if (!deps.live) return { stopped: false };
      await deps.live.cancel({ tenantId, operationId });
      return { stopped: true };
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
    close: (): Promise<void> => deps.runner.close(),
  };
}
export type AiService = ReturnType<typeof createAiService>;
