import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/core';
import type { Suggestion } from '@bree/contracts';
import { diffWords } from '@bree/editor';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { applyDecisions } from '../assistant/review/changes';
import { proposeSuggestion } from './api';
import { blockOf, changesOf, textBlocks } from './blocks';
import { suggestingKey, suggestingPlugin, type SuggestingMeta } from './ownChanges';
import { useSuggestionsList } from './useSuggestionsList';
import '../assistant/review/review.css';

export const SUGGESTING_TEXT = {
  shapeRefused: 'Suggestions change the words within a paragraph. To propose a new, split or joined paragraph, leave a comment.',
} as const;

/** How long after the last keystroke a changed block is sent as a suggestion. */
export const PROPOSE_AFTER_MS = 600;

interface Props {
  editor: Editor;
  fileId: string;
  /** Reads the document's content as the server has it now, to start again from it. */
  readLatest(): Promise<unknown>;
}

/**
 * A Commenter's window (docs/COLLABORATION.md "Suggestions"): their edits of a paragraph's words are
 * sent as their suggestion on it, shown in place against the text as they found it, and come back
 * when they open the document again. Once the owner or an Editor decides on one, the window starts
 * again from the document as it now is, with what is left of the Commenter's suggestions.
 */
export function SuggestingMode({ editor, fileId, readLatest }: Props) {
  const { api } = useServices();
  const list = useSuggestionsList(fileId);
  // What the server holds of this window's suggestions, by block id: the text each proposes.
  const sent = useRef(new Map<string, { baseText: string; proposedText: string }>());
  const started = useRef(false);

  useEffect(() => {
    if (editor.isDestroyed) return;
    // Without a word, an Enter that does nothing looks broken: the toast (one at a time) says why.
    editor.registerPlugin(suggestingPlugin({ onShapeRefused: () => notify.info(SUGGESTING_TEXT.shapeRefused, { id: 'suggestion-shape' }) }));
    return () => {
      if (editor.isDestroyed) return;
      editor.unregisterPlugin(suggestingKey);
      editor.setEditable(false, false);
    };
  }, [editor]);

  /** Starts from the text as it is, with the Commenter's own suggestions applied on top. */
  function startFrom(mine: readonly Suggestion[]) {
    const base = new Map(textBlocks(editor.state.doc).map((b) => [b.id, b.text]));
    sent.current = new Map();
    const tr = editor.state.tr;
    const blocks = textBlocks(editor.state.doc);
    const placed = mine
      .map((s) => ({ s, block: blockOf(blocks, s) }))
      .map(({ s, block }) => ({ s, block, changes: changesOf(editor.state.doc, block, s, diffWords) }))
      .filter((p) => p.block && p.changes)
      .sort((a, b) => b.block!.from - a.block!.from);
    for (const { s, block, changes } of placed) {
      applyDecisions({ tr, changes: changes!, decisions: changes!.map(() => 'accepted') });
      sent.current.set(block!.id, { baseText: s.baseText, proposedText: s.proposedText });
    }
    const meta: SuggestingMeta = { base };
    editor.view.dispatch(tr.setMeta(suggestingKey, meta).setMeta('addToHistory', false));
  }

  // The first answer: the Commenter's earlier suggestions come back into their window.
  const data = list.data;
  useEffect(() => {
    if (!data || editor.isDestroyed) return;
    const mine = data.suggestions.filter((s) => s.mine);
    if (!started.current) {
      started.current = true;
      startFrom(mine);
      // Typing opens only now: every word typed is measured against the text as it was found.
      editor.setEditable(true, false);
      return;
    }
    // A reviewer decided on one of them: start again from the document as it is now.
    const decided = [...sent.current.entries()].some(([blockId, held]) => {
      const now = mine.find((s) => s.blockId === blockId);
      return !now || now.baseText !== held.baseText;
    });
    if (!decided) return;
    void readLatest().then((content) => {
      if (editor.isDestroyed) return;
      const doc = editor.schema.nodeFromJSON(content);
      // Its own meta: a reviewer may have changed the document's shape, which a Commenter's edits cannot.
      const meta: SuggestingMeta = { base: new Map() };
      editor.view.dispatch(
        editor.state.tr.replaceWith(0, editor.state.doc.content.size, doc.content).setMeta(suggestingKey, meta).setMeta('addToHistory', false),
      );
      startFrom(mine);
    });
    // startFrom reads the editor as it is; it is not a dependency of its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, editor, readLatest]);

  // Each changed block is sent once its words settle; one brought back to its start withdraws its suggestion.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = ({ keepalive = false } = {}) => {
      const base = suggestingKey.getState(editor.state)?.base;
      if (!base || editor.isDestroyed) return;
      for (const block of textBlocks(editor.state.doc)) {
        const baseText = base.get(block.id);
        if (baseText === undefined) continue;
        const held = sent.current.get(block.id);
        if (held ? held.proposedText === block.text : block.text === baseText) continue;
        const proposal = { fileId, blockId: block.id, baseText: held?.baseText ?? baseText, proposedText: block.text };
        if (proposal.proposedText === proposal.baseText) sent.current.delete(block.id);
        else sent.current.set(block.id, { baseText: proposal.baseText, proposedText: proposal.proposedText });
        void proposeSuggestion(api, proposal, { keepalive }).catch(() => sent.current.delete(block.id));
      }
    };
    const onUpdate = () => {
      clearTimeout(timer);
      timer = setTimeout(send, PROPOSE_AFTER_MS);
    };
    // A page closing or reloading sends what is still waiting, with keepalive, so it outlives the page.
    const onLeave = () => {
      clearTimeout(timer);
      send({ keepalive: true });
    };
    editor.on('update', onUpdate);
    window.addEventListener('pagehide', onLeave);
    return () => {
      editor.off('update', onUpdate);
      window.removeEventListener('pagehide', onLeave);
      clearTimeout(timer);
      send();
    };
  }, [editor, api, fileId]);

  return null;
}
