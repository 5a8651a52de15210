import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { authorshipOfNode, BlockIds, breeExtensions, markInsertedAsAi, provenanceGuard } from '@bree/editor';
import { EditorState } from '@tiptap/pm/state';
import { history, undo } from '@tiptap/pm/history';
import type { ChatMessage } from '@bree/contracts';
import { placeText } from './apply';
import { withTurn, type Turn } from './useChat';

const schema = getSchema([...breeExtensions(), BlockIds]);
const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const start = () => EditorState.create({ doc: schema.nodeFromJSON({ type: 'doc', content: [p('Hello world.'), p('Second.')] }), plugins: [history()] });
const texts = (state: EditorState) => state.doc.children.map((n) => n.textContent);

describe('placing a chat reply in the document', () => {
  it('marks the reply it puts in as AI-written, and only the reply', () => {
    let state = EditorState.create({ doc: start().doc, plugins: [history(), provenanceGuard()] });
    const tr = state.tr;
    placeText(tr, 7, 7, 'First reply.\n\nSecond reply.');
    markInsertedAsAi(tr, 0, { operationId: 'm1', action: 'chat', tier: 'premium', at: '2026-11-28T05:00:00.000Z' });
    state = state.apply(tr);
    // 'Hello world.' + 'Second.' are the writer's: 11 + 7 characters; the reply's 11 + 12 are the AI's.
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 11 + 7 + 11 + 12, aiChars: 11 + 12 });
  });

  it('replaces the selected words with a one-paragraph reply, and one undo brings them back', () => {
    let state = start();
    // "world" is at 7..12 inside the first paragraph (which opens at 0).
    const tr = state.tr;
    const after = placeText(tr, 7, 12, 'there');
    state = state.apply(tr);
    expect(texts(state)).toEqual(['Hello there.', 'Second.']);
    expect(after).toBe(12);
    undo(state, (t) => (state = state.apply(t)));
    expect(texts(state)).toEqual(['Hello world.', 'Second.']);
  });

  it('inserts a reply of several paragraphs at the cursor as paragraphs, the text after the cursor following the last', () => {
    let state = start();
    const tr = state.tr;
    placeText(tr, 7, 7, 'First idea.\n\nSecond idea.');
    state = state.apply(tr);
    expect(texts(state)).toEqual(['Hello First idea.', 'Second idea.world.', 'Second.']);
    undo(state, (t) => (state = state.apply(t)));
    expect(texts(state)).toEqual(['Hello world.', 'Second.']);
  });

  it('changes nothing for an empty reply', () => {
    const state = start();
    const tr = state.tr;
    placeText(tr, 1, 1, '  \n\n ');
    expect(tr.docChanged).toBe(false);
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
