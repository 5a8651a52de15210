import { useCallback } from 'react';
import type { Editor } from '@tiptap/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Suggestion } from '@bree/contracts';
import { diffWords } from '@bree/editor';
import { useServices } from '../../app/services';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { applyDecisions, decidedText, type Decision } from '../assistant/review/changes';
import { decideSuggestion } from './api';
import { textBlocks } from './blocks';
import { reviewStateOf, suggestionReviewKey, type SuggestedChange } from './reviewState';

/**
 * The reviewer's decisions. Accepting changes the text in the reviewer's own editor (their edit,
 * saved by autosave through the one save path) and then tells the server the suggestion's new
 * starting text; rejecting only tells the server what the suggestion proposes now.
 */
export function useSuggestionDecisions(editor: Editor, fileId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();

  const tell = useCallback(
    async (decisions: { suggestion: Suggestion; baseText: string; proposedText: string }[]) => {
      try {
        await Promise.all(decisions.map((d) => decideSuggestion(api, { suggestionId: d.suggestion.id, baseText: d.baseText, proposedText: d.proposedText })));
      } catch (error) {
        notify.error(errorMessage(error, 'The decision could not be saved. Try again.'));
      }
      await queryClient.invalidateQueries({ queryKey: ['suggestions', fileId] });
    },
    [api, queryClient, fileId],
  );

  /** The text of the suggestion's block in the reviewer's editor now. */
  const blockTextNow = (s: Suggestion, at: number) => textBlocks(editor.state.doc).find((b) => b.from <= at && at <= b.to)?.text ?? s.baseText;

  /** Takes `decided` out of what is drawn at once (the server's answer redraws the rest). */
  const drop = (decided: readonly SuggestedChange[]) => {
    const open = reviewStateOf(editor.state);
    if (!open) return;
    const changes = open.changes.filter((c) => !decided.includes(c));
    editor.view.dispatch(
      editor.state.tr.setMeta(suggestionReviewKey, { type: 'set', changes, current: changes.length ? Math.min(open.current, changes.length - 1) : -1 }),
    );
  };

  const accept = useCallback(
    (items: readonly SuggestedChange[]) => {
      if (items.length === 0 || editor.isDestroyed) return;
      const tr = editor.state.tr;
      const ordered = [...items].sort((a, b) => a.change.from - b.change.from);
      applyDecisions({ tr, changes: ordered.map((c) => c.change), decisions: ordered.map((): Decision => 'accepted') });
      editor.view.dispatch(tr);
      const bySuggestion = new Map(ordered.map((c) => [c.suggestion.id, c]));
      drop(items);
      void tell(
        [...bySuggestion.values()].map((c) => ({
          suggestion: c.suggestion,
          baseText: blockTextNow(c.suggestion, tr.mapping.map(c.change.from)),
          proposedText: c.suggestion.proposedText,
        })),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, tell],
  );

  const reject = useCallback(
    (items: readonly SuggestedChange[]) => {
      if (items.length === 0) return;
      const bySuggestion = new Map<string, { suggestion: Suggestion; rejected: Set<number> }>();
      for (const c of items) {
        const entry = bySuggestion.get(c.suggestion.id) ?? { suggestion: c.suggestion, rejected: new Set<number>() };
        entry.rejected.add(c.index);
        bySuggestion.set(c.suggestion.id, entry);
      }
      drop(items);
      void tell(
        [...bySuggestion.values()].map(({ suggestion, rejected }) => {
          const runs = diffWords(suggestion.baseText, suggestion.proposedText);
          const count = runs.reduce((n, run, i) => (run.kind !== 'same' && (i === 0 || runs[i - 1]!.kind === 'same') ? n + 1 : n), 0);
          const decisions = Array.from({ length: count }, (_, i): Decision => (rejected.has(i) ? 'rejected' : 'pending'));
          return { suggestion, baseText: suggestion.baseText, proposedText: decidedText({ runs, decisions }) };
        }),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, tell],
  );

  /** A suggestion whose paragraph changed since: dismissed as a whole. */
  const dismiss = useCallback((s: Suggestion) => void tell([{ suggestion: s, baseText: s.baseText, proposedText: s.baseText }]), [tell]);

  return { accept, reject, dismiss };
}
