import type { ChatMessage } from '@bree/contracts';
import type { ChatMessageRow } from './chat.table';

/** A message as the chat dialog shows it; tenant and document ids stay on the server. */
export function presentChatMessage(row: ChatMessageRow): ChatMessage {
  return { id: row.id, role: row.role, content: row.content, state: row.state, createdAt: row.createdAt.toISOString() };
}
