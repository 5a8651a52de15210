import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { authorshipOfNode, BlockIds, breeExtensions, markInsertedAsAi, provenanceGuard } from '@bree/editor';
import { EditorState } from '@tiptap/pm/state';
import { history } from '@tiptap/pm/history';
import type { ChatMessage } from '@bree/contracts';
import { placeReply, replyBlocks } from './placement';
import { withTurn, type Turn } from './useChat';

const schema = getSchema([...breeExtensions(), BlockIds]);
const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const start = () => EditorState.create({ doc: schema.nodeFromJSON({ type: 'doc', content: [p('Hello world.'), p('Second.')] }), plugins: [history()] });
const texts = (state: EditorState) => state.doc.children.map((n) => n.textContent);

describe('placing a chat reply in the document', () => {
  it('marks the reply it puts in as AI-written, and only the reply', () => {
    let state = EditorState.create({ doc: start().doc, plugins: [history(), provenanceGuard()] });
    const tr = state.tr;
    placeReply({ tr, target: { from: 7, to: 7, caretPlaced: true }, blocks: replyBlocks('First reply.\n\nSecond reply.') });
    markInsertedAsAi(tr, 0, { operationId: 'm1', action: 'chat', tier: 'premium', at: '2026-11-28T05:00:00.000Z' });
    state = state.apply(tr);
    expect(texts(state)).toEqual(['Hello world.', 'First reply.', 'Second reply.', 'Second.']);
    // Characters other than spaces: 'Hello world.' + 'Second.' are the writer's (11 + 7), the reply's 11 + 12 the AI's.
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 11 + 7 + 11 + 12, aiChars: 11 + 12 });
  });
});

describe('the conversation on screen', () => {
  const msg = (id: string, role: ChatMessage['role'], content: string): ChatMessage => ({
    id,
    role,
    content,
    state: 'complete',
    createdAt: '2026-01-01T00:00:00Z',
  });
  const stored = [msg('1', 'user', 'Hi'), msg('2', 'assistant', 'Hello')];

  it('shows the question and the partial reply of a turn in progress after the stored messages', () => {
    const turn: Turn = { question: msg('pending', 'user', 'Summarise this'), stored: false, reply: 'A sum', streaming: true };
    const shown = withTurn(stored, turn);
    expect(shown.map((m) => [m.role, m.content, m.state])).toEqual([
      ['user', 'Hi', 'complete'],
      ['assistant', 'Hello', 'complete'],
      ['user', 'Summarise this', 'complete'],
      ['assistant', 'A sum', 'streaming'],
    ]);
  });

  it('keeps a stopped reply on screen until the stored conversation has its reply, then shows the stored one only', () => {
    const question = msg('3', 'user', 'Summarise this');
    const turn: Turn = { question, stored: true, reply: 'A sum', streaming: false };
    expect(withTurn([...stored, question], turn).at(-1)).toMatchObject({ role: 'assistant', content: 'A sum', state: 'stopped' });
    const withReply = [...stored, question, { ...msg('4', 'assistant', 'A sum'), state: 'stopped' as const }];
    expect(withTurn(withReply, turn)).toEqual(withReply);
  });
});
