import { chatConversationAnswerSchema, chatMessageSchema, clearChatAnswerSchema } from '@bree/contracts';
import type { AiTier, ChatMessage, SendChatMessageBody } from '@bree/contracts';
import { ApiError, CLIENT_ERROR_CODES, type ApiClient } from '../../lib/api';
import { readSseEvents } from '../assistant/sse';

const path = (fileId: string) => `/chat/${encodeURIComponent(fileId)}`;

/** GET /chat/{fileId}: the document's conversation, oldest first. */
export async function listConversation(api: ApiClient, fileId: string): Promise<ChatMessage[]> {
  return (await api.get(path(fileId), { schema: chatConversationAnswerSchema })).messages;
}

/** DELETE /chat/{fileId}. */
export async function clearConversation(api: ApiClient, fileId: string): Promise<void> {
  await api.delete(path(fileId), { schema: clearChatAnswerSchema });
}

/** A reply that could not be written (the stream's `error` event), with what was stored of it. */
export class ChatReplyError extends ApiError {
  readonly reply: ChatMessage | null;
  constructor(opts: { code: string; message: string; reply: ChatMessage | null }) {
    super({ status: 502, code: opts.code, message: opts.message });
    this.reply = opts.reply;
  }
}

export interface SendInput {
  api: ApiClient;
  fileId: string;
  body: SendChatMessageBody;
  /** The author's Stop: the server keeps the text that arrived. */
  signal: AbortSignal;
  onStarted(args: { message: ChatMessage; tier: AiTier }): void;
  onDelta(text: string): void;
}

/**
 * POST /chat/{fileId}/messages as server-sent events through the API client (tenant header,
 * bearer token and its one refresh). Resolves with the stored reply; rejects with the server's
 * ApiError (402 budget, 503 not set up, 404) before the stream, or a ChatReplyError after it.
 */
export async function sendMessage({ api, fileId, body, signal, onStarted, onDelta }: SendInput): Promise<ChatMessage> {
  const stream = await api.stream(`${path(fileId)}/messages`, { method: 'POST', body, signal });
  for await (const event of readSseEvents(stream)) {
    const data = JSON.parse(event.data) as Record<string, unknown>;
    if (event.event === 'started') onStarted({ message: chatMessageSchema.parse(data.message), tier: data.tier as AiTier });
    else if (event.event === 'delta' && typeof data.text === 'string') onDelta(data.text);
    else if (event.event === 'done') return chatMessageSchema.parse(data.reply);
    else if (event.event === 'error') {
      const reply = data.reply ? chatMessageSchema.parse(data.reply) : null;
      throw new ChatReplyError({ code: String(data.code ?? 'chat_failed'), message: String(data.message ?? 'Bree could not answer.'), reply });
    }
  }
  throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The connection was lost before the reply was complete.' });
}
