import type { AiTier, BackgroundResponse, CreateOperationBody, OperationStatus, OperationStreamEvent } from '@bree/contracts';
import type { FilesRepository } from '../files/files.repository';
import type { Reservation, UsageService } from '../usage/usage.service';
import type { AiProviderService } from './ai-provider.service';
import { aiErrors, OPERATION_ERROR_CODES } from './ai.errors';
import type { AiGateway, GatewayFailure } from './ai.gateway';
import { toResponse } from './ai.nodes';
import type { OperationRegistry } from './ai.operations';
import { presentBackgroundResponse } from './ai.presenter';
import type { AiRepository } from './ai.repository';
import { buildPrompt, OPERATION_TYPE_OF, type BuiltPrompt } from './prompts';

export interface AiServiceDeps {
  repository: AiRepository;
  files: FilesRepository;
  providers: AiProviderService;
  gateway: AiGateway;
  usage: UsageService;
  registry: OperationRegistry;
  newId: () => string;
  newBlockId: () => string;
  /** The author's voice (profile and similar passages) for a prompt; prompts fall back to the surrounding text without it. */
  voice?: { getPromptVoice(args: { tenantId: string; text: string }): Promise<string> };
}

/** Context cut to what a prompt needs: the text right around the selection matters most. */
const CONTEXT_BEFORE = 6_000;
const CONTEXT_AFTER = 2_000;
/** Text before the cursor that picks the voice passages when nothing is selected. */
const VOICE_QUERY_CHARS = 2_000;

/** Rough token count (~4 characters a token) for calls the provider never reported on. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

const REWRITES = new Set(['enhance', 'modify', 'shrink', 'expand']);

/** Surrounding text from the stored document when the client sent none. */
function contextFromDocument(docText: string, selection: string): { before: string; after: string } {
  const at = selection ? docText.indexOf(selection) : -1;
  if (at < 0) return { before: docText.slice(-CONTEXT_BEFORE), after: '' };
  return { before: docText.slice(Math.max(0, at - CONTEXT_BEFORE), at), after: docText.slice(at + selection.length, at + selection.length + CONTEXT_AFTER) };
}

/** AI writing operations: validate, reserve budget, generate detached from the request, store, meter. */
export function createAiService(deps: AiServiceDeps) {
  const { repository, files, providers, gateway, usage, registry } = deps;
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();

  async function requireFile({ tenantId, fileId }: { tenantId: string; fileId: string }) {
    const file = await files.findById({ tenantId, id: fileId });
    if (!file) throw aiErrors.documentNotFound();
    return file;
  }

  async function run(job: { tenantId: string; fileId: string; operationId: string; body: CreateOperationBody; tier: AiTier; prompt: BuiltPrompt; reservation: Reservation; abort: AbortController }): Promise<void> {
    const { tenantId, operationId, body } = job;
    const operationType = OPERATION_TYPE_OF[body.action];
    let text = '';
    let usageReport: { inputTokens: number | undefined; outputTokens: number | undefined } | null = null;
    let failure: GatewayFailure | null = null;
    try {
      for await (const event of gateway.stream({ tier: job.tier, ...job.prompt, abortSignal: job.abort.signal })) {
        if (event.type === 'delta') {
          text += event.text;
          registry.emit(operationId, { event: 'delta', data: { text: event.text } });
        } else if (event.type === 'finish') usageReport = event.usage;
        else failure = event.failure;
      }
    } catch {
      failure = { kind: 'provider_error', message: 'the AI provider call failed.' };
    }
    // A cut stream keeps what arrived: the author may still want the partial text.
    const status: OperationStatus = failure === null ? 'completed' : text ? 'interrupted' : 'failed';
    const response = toResponse({ operationType, text, nodeIds: body.selection.nodeIds, newId: deps.newBlockId });
    const row = { tenantId, documentId: job.fileId, operationId, operationType, response, originalContext: { nodeIds: body.selection.nodeIds }, status };
    let stored: BackgroundResponse | null = null;
    try {
      await repository.saveResponse(row);
      stored = presentBackgroundResponse({ ...row, createdAt: new Date() });
    } catch {
      // The document was deleted meanwhile (foreign key): nothing to apply it to.
    }
    // Only tokens that were actually exchanged are metered; a failed call produced none.
    const inputTokens = status === 'failed' ? 0 : (usageReport?.inputTokens ?? estimateTokens(job.prompt.system + job.prompt.prompt));
    const outputTokens = status === 'completed' ? (usageReport?.outputTokens ?? estimateTokens(text)) : estimateTokens(text);
    await usage.settle({ reservation: job.reservation, modelId: gateway.spec(job.tier).modelId, inputTokens, outputTokens });
    if (status === 'failed' || !stored) {
      const error = aiErrors.operationFailed({ operationType, reason: failure?.message ?? 'the document no longer exists.' });
      registry.emit(operationId, { event: 'error', data: { code: OPERATION_ERROR_CODES[operationType], message: error.message } });
    } else {
      registry.emit(operationId, { event: 'done', data: { response: stored } });
    }
  }

  return {
    /** Starts an operation and answers at once; the generation continues even if the client leaves. */
    async start({ tenantId, body }: { tenantId: string; body: CreateOperationBody }): Promise<{ operationId: string; tier: AiTier }> {
      if (REWRITES.has(body.action) && !body.selection.text.trim()) throw aiErrors.invalidInput('Select some text to rewrite first.');
      if (body.action === 'modify' && !body.instruction?.trim()) throw aiErrors.invalidInput('Type an instruction for Modify.');
      const file = await requireFile({ tenantId, fileId: body.fileId });
      const tier = body.tier ?? (await providers.resolve({ tenantId, fileId: body.fileId }));
      gateway.assertConfigured(tier);
      const context = body.context ? { before: body.context.before ?? '', after: body.context.after ?? '' } : contextFromDocument(file.contentText, body.selection.text);
      // Passages are searched by the selection, or by the text just before the cursor for insertions.
      const voiceText = body.selection.text.trim() ? body.selection.text : context.before.slice(-VOICE_QUERY_CHARS);
      const voiceProfile = deps.voice ? await deps.voice.getPromptVoice({ tenantId, text: voiceText }) : '';
      // Reserved last: nothing that can throw runs between reserving and the detached run that settles.
      const reservation = await usage.reserve({ tenantId, tier });
      const prompt = buildPrompt(body.action, { selection: body.selection.text, ...context, voiceProfile, instruction: body.instruction });
      const operationId = deps.newId();
      registry.create({ operationId, tenantId });
      const abort = new AbortController();
      // Runs in this process, detached from the request; moving it to a pg-boss job (so it survives a restart) is the next step of the assistant work.
      const done = run({ tenantId, fileId: body.fileId, operationId, body, tier, prompt, reservation, abort })
        .catch(() => registry.emit(operationId, { event: 'error', data: { code: OPERATION_ERROR_CODES[OPERATION_TYPE_OF[body.action]], message: 'The AI operation failed.' } }))
        .finally(() => running.delete(operationId));
      running.set(operationId, { abort, done });
      return { operationId, tier };
    },

    /** Subscribes to an operation's events; after it left memory, its stored response answers. Null: not this tenant's. */
    async subscribe({ tenantId, operationId, listener }: { tenantId: string; operationId: string; listener: (e: OperationStreamEvent) => void }): Promise<(() => void) | null> {
      const unsubscribe = registry.subscribe({ tenantId, operationId, listener });
      if (unsubscribe) return unsubscribe;
      const row = await repository.findResponse({ tenantId, operationId });
      if (!row) return null;
      listener({ event: 'done', data: { response: presentBackgroundResponse(row) } });
      return () => undefined;
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

    /** Stops running generations (their partial text is stored as interrupted) and waits for them. */
    async close(): Promise<void> {
      const all = [...running.values()];
      for (const op of all) op.abort.abort();
      await Promise.allSettled(all.map((op) => op.done));
    },
  };
}
export type AiService = ReturnType<typeof createAiService>;
