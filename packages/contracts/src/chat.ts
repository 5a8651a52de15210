import { z } from 'zod/mini';
import { aiTierSchema, AI_MAX_TEXT } from './ai';

/** The starters offered while a document's conversation is empty (the chat issue's own wording). */
export const CHAT_STARTERS = ['Summarise this', 'What is weak in this draft?', 'Suggest three titles'] as const;

/** Longest message an author can send, in characters. */
export const CHAT_MAX_MESSAGE = 4_000;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/**
 * How a message ended: `complete`; `stopped` (the author pressed Stop or the connection dropped,
 * and the text that arrived is kept); `failed` (the model answered nothing).
 */
export const CHAT_MESSAGE_STATES = ['complete', 'stopped', 'failed'] as const;
export type ChatMessageState = (typeof CHAT_MESSAGE_STATES)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  state: z.enum(CHAT_MESSAGE_STATES),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /chat/{fileId}: the document's conversation, oldest first. */
export const chatConversationAnswerSchema = z.object({ messages: z.array(chatMessageSchema) });

/**
 * POST /chat/{fileId}/messages. `selection`: the text the author selected, which the reply is
 * about instead of the whole document (the server reads the document itself).
 */
export const sendChatMessageBodySchema = z.object({
  tenantId: z.optional(z.string()),
  message: z.string().check(z.minLength(1), z.maxLength(CHAT_MAX_MESSAGE)),
  selection: z.optional(z.string().check(z.maxLength(AI_MAX_TEXT))),
});
export type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

/** The JSON answer of POST /chat/{fileId}/messages (without `Accept: text/event-stream`): both stored messages. */
export const sendChatMessageAnswerSchema = z.object({ message: chatMessageSchema, reply: chatMessageSchema, tier: aiTierSchema });

export const clearChatAnswerSchema = z.object({ success: z.literal(true) });

/**
 * Server-sent events of POST /chat/{fileId}/messages asked with `Accept: text/event-stream`:
 * `started` (the stored question), `delta`s, then `done` (the stored reply) or `error`.
 */
export type ChatStreamEvent =
  | { event: 'started'; data: { message: ChatMessage; tier: z.infer<typeof aiTierSchema> } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { reply: ChatMessage } }
  | { event: 'error'; data: { code: string; message: string; reply?: ChatMessage } };
