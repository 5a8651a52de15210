import { useCallback, useEffect, useRef } from 'react';
import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import type { Editor } from '@tiptap/core';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { BUDGET_MESSAGE, assistantErrorMessage, deleteBackgroundResponse } from './api';
import { isAiNotConfigured, refreshAiAvailability } from './aiAvailability';
import { alternativeOperationIds } from './alternatives';
import { budgetAllowsAction } from './budget';
import { responseParagraphs } from './nodes';
import { getPreview, setPreview } from './preview';
import { followOperation } from './stream';
import { canTryAnother, earlierVersionTexts, shownVersion, versionOperationIds, versionsReducer } from './versions';
import type { VersionsEvent, VersionsState } from './versions';
import type { Suggestion } from './useAssistant';

/** The suggestion with `versions`, its response, paragraphs and operation being the shown version's. */
function withVersions(s: Suggestion, versions: VersionsState): Suggestion {
  const shown = shownVersion(versions);
  return { ...s, versions, response: shown.response, paragraphs: shown.paragraphs, operationId: shown.operationId };
}

/** Puts the shown version in the editor's preview, in the view the card is on. */
function previewShown(editor: Editor, s: Suggestion): void {
  const preview = getPreview(editor);
  if (preview) setPreview(editor, { ...preview, mode: s.view, paragraphs: s.paragraphs });
}

interface VersionsDeps {
  editor: Editor;
  api: ApiClient;
  queryClient: QueryClient;
  current: MutableRefObject<Suggestion | null>;
  setSuggestion: Dispatch<SetStateAction<Suggestion | null>>;
  /** Operations started on this page, which the background list must not show again. */
  started: MutableRefObject<Set<string>>;
  seen: { add(operationId: string): void };
}

/** What the card needs to ask for another version and move between them. */
export interface VersionsApi {
  tryAnother(): void;
  showVersion(direction: 'previous' | 'next'): void;
  /**
   * Lets go of a version being written (the suggestion was accepted, rejected or replaced): it is
   * followed to its end unseen, and its stored result deleted, so it never comes back later.
   */
  stopAnother(): void;
}

/**
 * 'Try another' (docs/ASSISTANT.md): each new version is a metered operation started like the
 * first, with the same request and the versions so far as `earlierVersions`. The earlier versions
 * stay whatever happens to the new one.
 */
export function useVersions({ editor, api, queryClient, current, setSuggestion, started, seen }: VersionsDeps): VersionsApi {
  const runRef = useRef<{ abort: AbortController; discarded: boolean } | null>(null);

  const stopAnother = useCallback(() => {
    if (runRef.current) runRef.current.discarded = true;
  }, []);
  // Leaving the document stops following altogether.
  useEffect(() => () => runRef.current?.abort.abort(), []);

  const showVersion = useCallback(
    (direction: 'previous' | 'next') => {
      const s = current.current;
      if (!s?.versions) return;
      const next = withVersions(s, versionsReducer(s.versions, { type: direction }));
      previewShown(editor, next);
      current.current = next;
      setSuggestion(next);
    },
    [editor, current, setSuggestion],
  );

  const tryAnother = useCallback(() => {
    const s = current.current;
    if (s?.phase !== 'ready' || !s.request || !s.versions || !canTryAnother(s.versions)) return;
    const { request, operationType } = s;
    const firstId = s.versions.versions[0]!.operationId;
    const earlierVersions = earlierVersionTexts(s.versions);
    const run = { abort: new AbortController(), discarded: false };
    runRef.current = run;
    const { signal } = run.abort;
    const ignored = () => signal.aborted || run.discarded;
    // Applied only to the suggestion these versions belong to, and only while it is still wanted.
    const change = (event: VersionsEvent, after?: (s: Suggestion) => Suggestion) => {
      if (ignored()) return;
      setSuggestion((x) => {
        if (!x?.versions || x.versions.versions[0]?.operationId !== firstId) return x;
        const next = withVersions(x, versionsReducer(x.versions, event));
        return after ? after(next) : next;
      });
    };
    // Marked at once, not at the next render: a second click of a fast double click finds it pending.
    const requested = withVersions(s, versionsReducer(s.versions, { type: 'requested' }));
    current.current = requested;
    setSuggestion(requested);
    void (async () => {
      try {
        if (!(await budgetAllowsAction(api))) throw new ApiError({ status: 402, code: 'budget_exceeded', message: BUDGET_MESSAGE });
        if (ignored()) return;
        let streamed = '';
        const response = await followOperation({
          start: { ...request, earlierVersions },
          onStarted: (operationId) => {
            started.current.add(operationId);
            change({ type: 'started', operationId });
          },
          api,
          signal,
          onDelta: (text) => {
            streamed += text;
            change({ type: 'streamed', text: streamed });
          },
          onRestart: () => {
            streamed = '';
            change({ type: 'streamed', text: streamed });
          },
        });
        if (signal.aborted) return;
        if (run.discarded) return void deleteBackgroundResponse(api, request.fileId, response.operationId).catch(() => undefined);
        const paragraphs = responseParagraphs(operationType, response.response);
        seen.add(response.operationId);
        // The new version is what the author asked to see: it is shown, in the suggested view.
        const preview = getPreview(editor);
        if (preview) setPreview(editor, { ...preview, mode: 'suggested', paragraphs });
        change({ type: 'arrived', version: { operationId: response.operationId, response, paragraphs } }, (x) => ({ ...x, view: 'suggested' }));
      } catch (error) {
        if (ignored()) return;
        const message = assistantErrorMessage(error);
        change({ type: 'failed', error: message });
        if (isAiNotConfigured(error)) refreshAiAvailability(queryClient);
        else notify.error(message);
      }
    })();
  }, [api, queryClient, editor, current, setSuggestion, started, seen]);

  return { tryAnother, showVersion, stopAnother };
}

/** Every operation a suggestion stands for (each version's, and one being written; or its side-by-side cards'). */
export function operationsOf(s: Suggestion | null): string[] {
  if (!s) return [];
  if (s.alternatives) return alternativeOperationIds(s.alternatives);
  if (s.versions) return versionOperationIds(s.versions);
  return s.operationId ? [s.operationId] : [];
}
