import { useCallback, useEffect, useRef } from 'react';
import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import type { Editor } from '@tiptap/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { canShowThree, versionsFromChoice } from './alternatives';
import { getPreview, setPreview } from './preview';
import { shownVersion } from './versions';
import type { Suggestion } from './useAssistant';

/** The run's code (starting and following the three), loaded on first use with the cards (docs/PAGE-WEIGHT.md). */
const loadRun = () => import('./alternativesRun');

/** Starts loading the cards' run before it is needed (the pointer on 'Show 3 versions'). */
export function preloadAlternatives(): void {
  void loadRun().catch(() => undefined);
}

interface AlternativesDeps {
  editor: Editor;
  api: ApiClient;
  queryClient: QueryClient;
  current: MutableRefObject<Suggestion | null>;
  setSuggestion: Dispatch<SetStateAction<Suggestion | null>>;
  /** Operations started on this page, which the background list must not show again. */
  started: MutableRefObject<Set<string>>;
  seen: { add(operationId: string): void };
}

/** What the card needs for 'Show 3 versions'. */
export interface AlternativesApi {
  /** Replaces the suggestion's one version by three written at once, side by side. */
  showThree(): void;
  /** Makes card `index` the shown version of the suggestion (the others stay its versions); false when it has none. */
  choose(index: number): boolean;
}

/**
 * 'Show 3 versions' (docs/ASSISTANT.md "Three versions at once"): one request holds and starts
 * three operations (POST /ai/alternatives), then each is followed by its own stream, at once. The
 * cards live in the suggestion (`alternatives`) until one is chosen; a run let go of (rejected,
 * replaced) is followed to its end unseen and its stored results deleted, so nothing comes back.
 */
export function useAlternatives({ editor, api, queryClient, current, setSuggestion, started, seen }: AlternativesDeps): AlternativesApi {
  const aborts = useRef(new Set<AbortController>());
  // Leaving the document stops following altogether.
  useEffect(() => {
    const open = aborts.current;
    return () => open.forEach((a) => a.abort());
  }, []);

  const showThree = useCallback(() => {
    if (!canShowThree(current.current)) return;
    loadRun()
      .then(({ startAlternativesRun }) => startAlternativesRun({ editor, api, queryClient, current, setSuggestion, started, seen, aborts: aborts.current }))
      .catch(() => notify.error('Could not load the versions. Check your connection, then try again.'));
  }, [api, queryClient, editor, current, setSuggestion, started, seen]);

  const choose = useCallback(
    (index: number): boolean => {
      const s = current.current;
      const versions = s?.alternatives ? versionsFromChoice(s.alternatives, index) : null;
      if (!s || !versions) return false;
      const shown = shownVersion(versions);
      const next: Suggestion = {
        ...s,
        alternatives: null,
        phase: 'ready',
        versions,
        response: shown.response,
        paragraphs: shown.paragraphs,
        operationId: shown.operationId,
        view: 'suggested',
      };
      const preview = getPreview(editor);
      if (preview) setPreview(editor, { target: preview.target, mode: 'suggested', paragraphs: shown.paragraphs });
      // Set at once, not at the next render: Accept right after reads it.
      current.current = next;
      setSuggestion(next);
      return true;
    },
    [editor, current, setSuggestion],
  );

  return { showThree, choose };
}
