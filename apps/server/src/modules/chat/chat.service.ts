import type { AiTier, ChatMessage, ChatMessageState, SendChatMessageBody } from '@bree/contracts';
import type { CallOutcome } from '../ai/ai.metered';
import type { AiDocumentLookup, ModelRunner } from '../ai/ai.runner';
import { chatErrors } from './chat.errors';
import { presentChatMessage } from './chat.presenter';
import type { ChatRepository } from './chat.repository';
import type { ChatMessageRow } from './chat.table';
import { buildChatPrompt, CHAT_MAX_OUTPUT_TOKENS } from './prompts/chat';

export interface ChatServiceDeps {
  repository: ChatRepository;
  /** The one model-call runner: tier, voice, hold, stream, store, settle (ai.runner.ts). */
  models: Pick<ModelRunner, 'call' | 'planOf' | 'voice'>;
  /** The document's text and Fast/Premium choice in one query (the assistant's own lookup). */
  documents: AiDocumentLookup;
  newId: () => string;
  now: () => Date;
}

/** Text that picks the voice passages: the selection, else the start of the document. */
const VOICE_QUERY_CHARS = 2_000;

/** What the caller of `send` hears while the reply is written. */
export interface SendListeners {
  /** The question is stored and the model is being asked. */
  onStarted?(args: { message: ChatMessage; tier: AiTier }): void;
  onDelta?(text: string): void;
}

/** How a reply ended: a stop keeps what arrived; a failure with nothing written has no text to keep. */
function stateOf(outcome: CallOutcome, stopped: boolean): ChatMessageState {
  if (outcome.failure === null) return 'complete';
  return stopped || outcome.text ? 'stopped' : 'failed';
}

/** The conversation about a document: list, send (metered, streamed, stored) and clear. */
export function createChatService(deps: ChatServiceDeps) {
  const { repository, models, documents } = deps;

  async function requireDocument({ tenantId, fileId, withText = false }: { tenantId: string; fileId: string; withText?: boolean }) {
    const found = await documents.operationContext({ tenantId, fileId, withText });
    if (!found) throw chatErrors.documentNotFound();
    return found;
  }

  return {
    /** The document's conversation, oldest first (another tenant's document: 404). */
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ messages: ChatMessage[] }> {
      await requireDocument({ tenantId, fileId });
      return { messages: (await repository.list({ tenantId, fileId })).map(presentChatMessage) };
    },

    /**
     * Sends a question and writes the reply: reserve the call's worst case (402 budget_exceeded
     * before anything is stored) → store the question → stream the reply → store it (a stop keeps
     * what arrived) → settle. `signal` is the author's Stop or the connection closing.
     */
    async send({
      tenantId,
      fileId,
      body,
      signal,
      listeners = {},
    }: {
      tenantId: string;
      fileId: string;
      body: SendChatMessageBody;
      signal?: AbortSignal;
      listeners?: SendListeners;
    }): Promise<{ message: ChatMessage; reply: ChatMessage | null; tier: AiTier; failure: string | null }> {
      const text = body.message.trim();
      if (!text) throw chatErrors.emptyMessage();
      const selection = body.selection?.trim() ?? '';
      // Everything read before the first word is read at once: the document, the conversation, the
      // plan the hold is priced against, and the voice when a selection already says what to look for.
      const selectionVoice = selection ? models.voice({ tenantId, text: selection.slice(0, VOICE_QUERY_CHARS) }) : null;
      const [found, stored, tenantPlan] = await Promise.all([
        documents.operationContext({ tenantId, fileId, withText: true }),
        repository.list({ tenantId, fileId }),
        models.planOf(tenantId),
        selectionVoice,
      ]);
      if (!found) throw chatErrors.documentNotFound();
      const documentText = found.contentText ?? '';
      // A reply that produced nothing is no part of the conversation the model should see.
      const history = stored.filter((m) => m.state !== 'failed' && m.content.trim());
      const question: ChatMessageRow = { tenantId, fileId, id: deps.newId(), role: 'user', content: text, state: 'complete', createdAt: deps.now() };
      const message = presentChatMessage(question);

      let reply: ChatMessage | null = null;
      const { prepared, outcome } = await models.call({
        tenantId,
        fileId,
        tier: { choices: found },
        voice: selectionVoice ? { lookup: selectionVoice } : { query: documentText.slice(0, VOICE_QUERY_CHARS) },
        build: (voiceProfile) => buildChatPrompt({ text: selection || documentText, isSelection: Boolean(selection), history, message: text, voiceProfile }),
        maxOutputTokens: CHAT_MAX_OUTPUT_TOKENS,
        tenantPlan,
        // The question is stored in the hold's own statement: stored only when the call is held, and
        // both commit or neither does.
        alongside: () => repository.insertFrom(question),
        onHeld: ({ tier }) => listeners.onStarted?.({ message, tier }),
        abortSignal: signal,
        onDelta: (delta) => listeners.onDelta?.(delta),
        // Stored before the usage settles, so whoever reloads sees every reply that was paid for.
        keep: async (call) => {
          const row: ChatMessageRow = {
            tenantId,
            fileId,
            id: deps.newId(),
            role: 'assistant',
            content: call.text,
            state: stateOf(call, signal?.aborted ?? false),
            createdAt: deps.now(),
          };
          try {
            await repository.insert(row);
            reply = presentChatMessage(row);
          } catch {
            // The document was deleted for good meanwhile (foreign key): there is no conversation to keep it in.
          }
          return 'settle';
        },
      });
      const failure = outcome.failure && !signal?.aborted ? chatErrors.replyFailed(outcome.failure.message).message : null;
      return { message, reply, tier: prepared.tier, failure };
    },

    /** Forgets the document's conversation. */
    async clear({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ success: true }> {
      await requireDocument({ tenantId, fileId });
      await repository.clear({ tenantId, fileId });
      return { success: true as const };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
