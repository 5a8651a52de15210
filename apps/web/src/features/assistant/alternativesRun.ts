import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import type { Editor } from '@tiptap/core';
import type { QueryClient } from '@tanstack/react-query';
import { ulid } from 'ulid';
import { SUGGESTION_MAX_VERSIONS, createAlternativesAnswerSchema } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { budgetRefusalOf, refusalText } from '../billing/refusal';
import { BUDGET_MESSAGE, assistantErrorMessage, deleteBackgroundResponse } from './api';
import { isAiNotConfigured, refreshAiAvailability } from './aiAvailability';
import { alternativesFailure, alternativesReducer, canShowThree, startingAlternatives } from './alternatives';
import type { AlternativesEvent } from './alternatives';
import { budgetAllowsAction } from './budget';
import { responseParagraphs } from './nodes';
import { getPreview, setPreview } from './preview';
import { followOperation } from './stream';
import { versionOperationIds } from './versions';
import type { Suggestion } from './useAssistant';

/** What a run of three versions at once works with (useAlternatives hands it over). */
export interface AlternativesRunDeps {
  editor: Editor;
  api: ApiClient;
  queryClient: QueryClient;
  current: MutableRefObject<Suggestion | null>;
  setSuggestion: Dispatch<SetStateAction<Suggestion | null>>;
  /** Operations started on this page, which the background list must not show again. */
  started: MutableRefObject<Set<string>>;
  seen: { add(operationId: string): void };
  /** The page's open runs, all stopped when the document closes. */
  aborts: Set<AbortController>;
}

/**
 * Starts three versions at once in place of the suggestion's one (docs/ASSISTANT.md "Three
 * versions at once"): POST /ai/alternatives holds and starts them, then each is followed by its own
 * stream. Loaded on first use, with the cards (docs/PAGE-WEIGHT.md).
 */
export function startAlternativesRun({ editor, api, queryClient, current, setSuggestion, started, seen, aborts }: AlternativesRunDeps): void {
  const s = current.current;
  if (!canShowThree(s) || !s?.request) return;
  const { request, operationType } = s;
  const runId = ulid();
  const abort = new AbortController();
  aborts.add(abort);
  const mine = (x: Suggestion | null) => x?.alternatives?.runId === runId;
  // The version shown so far gives way to the three: its stored result goes.
  for (const operationId of s.versions ? versionOperationIds(s.versions) : [])
    void deleteBackgroundResponse(api, request.fileId, operationId).catch(() => undefined);
  const change = (event: AlternativesEvent) => {
    if (abort.signal.aborted) return;
    setSuggestion((x) => {
      if (!x?.alternatives || !mine(x)) return x;
      const alternatives = alternativesReducer(x.alternatives, event);
      const failure = alternativesFailure(alternatives);
      // Not one version came: the card says why, as a failed request does.
      if (failure) {
        setPreview(editor, null);
        return { ...x, alternatives: null, phase: 'error', error: failure };
      }
      return { ...x, alternatives };
    });
  };
  const next: Suggestion = {
    ...s,
    phase: 'generating',
    streamed: '',
    paragraphs: [],
    response: null,
    operationId: null,
    error: null,
    refusal: null,
    view: 'suggested',
    versions: null,
    alternatives: startingAlternatives({ runId, count: SUGGESTION_MAX_VERSIONS }),
  };
  current.current = next;
  setSuggestion(next);
  // The text waits under the cards as while a suggestion is written (no review of a version yet).
  const preview = getPreview(editor);
  if (preview) setPreview(editor, { target: preview.target, mode: 'pending', paragraphs: [] });

  /** Follows one alternative to its end; one let go of meanwhile is deleted once stored. */
  async function follow(index: number, operationId: string): Promise<void> {
    let streamed = '';
    try {
      const response = await followOperation({
        api,
        operationId,
        signal: abort.signal,
        onDelta: (text) => {
          streamed += text;
          change({ type: 'streamed', index, text: streamed });
        },
        onRestart: () => {
          streamed = '';
          change({ type: 'streamed', index, text: streamed });
        },
      });
      const x = current.current;
      const kept = mine(x) || Boolean(x?.versions?.versions.some((v) => v.operationId === operationId));
      if (!kept) return void deleteBackgroundResponse(api, request.fileId, operationId).catch(() => undefined);
      seen.add(operationId);
      change({ type: 'arrived', index, version: { operationId, response, paragraphs: responseParagraphs(operationType, response.response) } });
    } catch (error) {
      change({ type: 'failed', index, error: assistantErrorMessage(error) });
    }
  }

  void (async () => {
    try {
      if (!(await budgetAllowsAction(api))) throw new ApiError({ status: 402, code: 'budget_exceeded', message: BUDGET_MESSAGE });
      if (abort.signal.aborted || !mine(current.current)) return;
      const answer = await api.post(
        '/ai/alternatives',
        { ...request, alternatives: SUGGESTION_MAX_VERSIONS },
        { schema: createAlternativesAnswerSchema, signal: abort.signal },
      );
      const ids = answer.operations.map((o) => o.operationId);
      for (const id of ids) started.current.add(id);
      change({ type: 'started', operationIds: ids });
      await Promise.all(ids.map((id, index) => follow(index, id)));
    } catch (error) {
      if (abort.signal.aborted || !mine(current.current)) return;
      const refusal = budgetRefusalOf(error);
      const message = refusal ? refusalText(refusal) : assistantErrorMessage(error);
      setPreview(editor, null);
      setSuggestion((x) => (mine(x) ? { ...x!, alternatives: null, phase: 'error', error: message, refusal } : x));
      // AI not set up or a budget refusal: the card alone says so.
      if (isAiNotConfigured(error)) refreshAiAvailability(queryClient);
      else if (!refusal) notify.error(message);
    } finally {
      aborts.delete(abort);
    }
  })();
}
