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
      drop(items);
      // What is left starts from the suggestion's own text with the accepted changes made — never from the
      // paragraph as the reviewer's window has it: words the reviewer typed there since would become the
      // suggester's deletion. Had the paragraph changed, the rest is then shown as changed since.
      void tell(
        decidedBySuggestion(items).map(({ suggestion, runs, decisions }) => ({
          suggestion,
          baseText: decidedText({ runs, decisions: decisions('accepted'), pendingAs: 'rejected' }),
          proposedText: suggestion.proposedText,
        })),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, tell],
  );

  const reject = useCallback(
    (items: readonly SuggestedChange[]) => {
      if (items.length === 0) return;
      drop(items);
      void tell(
        decidedBySuggestion(items).map(({ suggestion, runs, decisions }) => ({
          suggestion,
          baseText: suggestion.baseText,
          proposedText: decidedText({ runs, decisions: decisions('rejected') }),
        })),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, tell],
  );

  /** A suggestion whose paragraph changed since: dismissed as a whole. */
  const dismiss = useCallback((s: Suggestion) => void tell([{ suggestion: s, baseText: s.baseText, proposedText: s.baseText }]), [tell]);

  return { accept, reject, dismiss };
}

/**
 * The decided changes grouped by suggestion, each with the suggestion's word runs and its decisions:
 * the decided ones as `as`, every other change still pending.
 */
function decidedBySuggestion(items: readonly SuggestedChange[]) {
  const bySuggestion = new Map<string, { suggestion: Suggestion; decided: Set<number> }>();
  for (const c of items) {
    const entry = bySuggestion.get(c.suggestion.id) ?? { suggestion: c.suggestion, decided: new Set<number>() };
    entry.decided.add(c.index);
    bySuggestion.set(c.suggestion.id, entry);
  }
  return [...bySuggestion.values()].map(({ suggestion, decided }) => {
    const runs = diffWords(suggestion.baseText, suggestion.proposedText);
    const count = runs.reduce((n, run, i) => (run.kind !== 'same' && (i === 0 || runs[i - 1]!.kind === 'same') ? n + 1 : n), 0);
    const decisions = (as: Decision) => Array.from({ length: count }, (_, i): Decision => (decided.has(i) ? as : 'pending'));
    return { suggestion, runs, decisions };
  });
}
