import { useCallback, useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { TextSelection } from '@tiptap/pm/state';
import { markInsertedAsAi } from '@bree/editor';
import { operationTypeFor } from '@bree/contracts';
import type { AiAction, AiTier, BackgroundResponse, CreateOperationBody, OperationType } from '@bree/contracts';
import { useServices } from '../../app/services';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { budgetRefusalOf, refusalText, type BudgetRefusal } from '../billing/refusal';
import { createVersion } from '../editor/api';
import { BUDGET_MESSAGE, assistantErrorMessage, cancelOperation, deleteBackgroundResponse, listBackgroundResponses, setProviderOverride } from './api';
import { followOperation } from './stream';
import { BACKGROUND_COMPLETED, arrivedWhileAway, createSeenResults } from './backgroundNotice';
import { isAiNotConfigured, refreshAiAvailability } from './aiAvailability';
import { budgetAllowsAction } from './budget';
import {
  applySuggestion,
  blocksInRange,
  operationInput,
  responseBlocks,
  responseParagraphs,
  rewriteInput,
  selectedParts,
  targetFor,
  textTarget,
} from './nodes';
import { aiPreviewKey, getPreview, setPreview } from './preview';
import { suggestionProvenance } from './provenance';
import { reviewApplier } from './reviewGate';
import type { SuggestionTarget } from './nodes';
import { operationsOf, useVersions } from './useVersions';
import { useAlternatives } from './useAlternatives';
import type { AlternativesState } from './alternatives';
import { firstVersion } from './versions';
import { backgroundTarget, returnToText } from './suggestionPlace';
import type { VersionsState } from './versions';

/** One suggestion on screen: being generated, ready to decide on, or failed. */
export interface Suggestion {
  action: AiAction | null;
  operationType: OperationType;
  operationId: string | null;
  phase: 'generating' | 'ready' | 'error';
  streamed: string;
  paragraphs: string[];
  response: BackgroundResponse | null;
  error: string | null;
  /** A budget refusal's one message (docs/BILLING.md#refusals), shown on the card instead of a toast. */
  refusal?: BudgetRefusal | null;
  view: 'original' | 'suggested';
  /** The blocks it was about are gone (a background result): accepting appends it at the end. */
  orphan: boolean;
  /** The stream dropped (Bree restarting, network): it is being followed again. */
  reconnecting?: boolean;
  /** The text the suggestion replaces ('' for insertions), for its voice match score. */
  original: string;
  /** What started it, asked again by 'Try another'; null for a result stored while away. */
  request: CreateOperationBody | null;
  /** Its versions once the first arrived; the response, paragraphs and operation above are the shown one's. */
  versions: VersionsState | null;
  /** 'Show 3 versions': the cards written at once, until one is chosen (docs/ASSISTANT.md "Three versions at once"). */
  alternatives?: AlternativesState | null;
}

/** What the editor page wires into the menus and the suggestion card. */
export interface AssistantApi {
  suggestion: Suggestion | null;
  run(action: AiAction, instruction?: string): void;
  accept(): Promise<void>;
  reject(): void;
  toggleView(view: 'original' | 'suggested'): void;
  /** Asks for a different version (at most three in all). */
  tryAnother(): void;
  showVersion(direction: 'previous' | 'next'): void;
  /** Three versions at once, side by side, in place of the one shown. */
  showThree(): void;
  /** A card chosen: 'use' applies it as Accept does, 'show' makes it the shown version (the others stay versions). */
  chooseAlternative(index: number, how: 'use' | 'show'): Promise<void>;
  /** A refusal's one click: this document on `tier`, and the refused action again (docs/BILLING.md#refusals). */
  switchTier(tier: AiTier): Promise<void>;
}

/** The assistant's flow for one open document: start, stream, preview, accept/reject, background results. */
export function useAssistant(editor: Editor, fileId: string, options: { onStart?: () => void } = {}): AssistantApi {
  const { onStart } = options;
  const { api, queryClient } = useServices();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const queueRef = useRef<BackgroundResponse[]>([]);
  const current = useRef<Suggestion | null>(null);
  // Operations started on this page are already on screen; the background list must not repeat them.
  const startedRef = useRef(new Set<string>());
  // Results already put on screen in this browser: coming back to them is not news.
  const [seen] = useState(createSeenResults);
  current.current = suggestion;
  const { tryAnother, showVersion, stopAnother } = useVersions({ editor, api, queryClient, current, setSuggestion, started: startedRef, seen });
  const { showThree, choose } = useAlternatives({ editor, api, queryClient, current, setSuggestion, started: startedRef, seen });

  // Deciding on a suggestion ends every version of it.
  const forget = useCallback(
    (s: Suggestion | null) => {
      // An answer still streaming is stopped, so nothing more is metered (docs/ASSISTANT.md "Ask AI").
      if (s?.phase === 'generating' && s.operationId) void cancelOperation(api, s.operationId).catch(() => undefined);
      for (const operationId of operationsOf(s)) void deleteBackgroundResponse(api, fileId, operationId).catch(() => undefined);
    },
    [api, fileId],
  );

  /** Shows a stored result as a suggestion; false when it cannot be. */
  const showBackground = useCallback(
    (r: BackgroundResponse): boolean => {
      const paragraphs = responseParagraphs(r.operationType, r.response);
      if (r.status === 'failed' || paragraphs.length === 0) return false;
      const target = backgroundTarget(editor, r);
      if (target) setPreview(editor, { target, mode: 'suggested', paragraphs });
      setSuggestion({
        action: null,
        operationType: r.operationType,
        operationId: r.operationId,
        phase: 'ready',
        streamed: '',
        paragraphs,
        response: r,
        error: null,
        view: 'suggested',
        orphan: !target,
        original: r.originalContext.parts?.map((p) => p.text).join('\n\n') ?? '',
        request: null,
        versions: firstVersion({ operationId: r.operationId, response: r, paragraphs }),
      });
      seen.add(r.operationId);
      return true;
    },
    [editor, seen],
  );

  const next = useCallback(() => {
    setPreview(editor, null);
    setSuggestion(null);
    for (let r = queueRef.current.shift(); r; r = queueRef.current.shift()) {
      if (showBackground(r)) return;
      notify.error(`Failed to apply ${r.operationType} operation`);
      void deleteBackgroundResponse(api, fileId, r.operationId).catch(() => undefined);
    }
  }, [api, fileId, editor, showBackground]);

  // Results that finished while the page was closed (or reloaded) come back as suggestions.
  useEffect(() => {
    let cancelled = false;
    listBackgroundResponses(api, fileId)
      .then((responses) => {
        if (cancelled) return;
        queueRef.current = responses.filter((r) => !startedRef.current.has(r.operationId));
        // Once per arrival, and only when something finished while the writer was away.
        if (arrivedWhileAway(queueRef.current, seen)) notify.success(BACKGROUND_COMPLETED);
        if (!current.current && queueRef.current.length > 0) next();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      abortRef.current?.abort();
    };
  }, [api, fileId, next, seen]);

  const run = useCallback(
    (action: AiAction, instruction?: string) => {
      // Ask AI rewrites a selection and writes at the caret without one.
      const operationType = operationTypeFor({ action, selected: !editor.state.selection.empty });
      const { doc, selection } = editor.state;
      const { from, to } = selection;
      // Read now: the positions belong to this document, which may change while the request waits.
      let target: SuggestionTarget;
      let input: ReturnType<typeof operationInput> | ReturnType<typeof rewriteInput>;
      if (operationType === 'rewrite') {
        // Exactly the selected text is rewritten; the rest of its paragraphs is context.
        const parts = selectedParts(doc, from, to);
        if (parts.length === 0) {
          notify.info('Select some text to rewrite first.');
          return;
        }
        target = textTarget(parts);
        input = rewriteInput(doc, parts);
      } else {
        const span = blocksInRange(doc, from, to);
        if (!span) return;
        target = targetFor(operationType, span, from === to ? from : undefined);
        input = operationInput(doc, operationType, span, target);
      }
      // A new request replaces any open suggestion; the document still holds the original.
      abortRef.current?.abort();
      stopAnother();
      forget(current.current);
      const abort = new AbortController();
      abortRef.current = abort;
      onStart?.();
      const request: CreateOperationBody = { fileId, action, ...(instruction ? { instruction } : {}), ...input };
      const base: Suggestion = {
        action,
        operationType,
        operationId: null,
        phase: 'generating',
        streamed: '',
        paragraphs: [],
        response: null,
        error: null,
        view: 'suggested',
        orphan: false,
        original: operationType === 'rewrite' ? input.selection.text : '',
        request,
        versions: null,
      };
      setSuggestion(base);
      setPreview(editor, { target, mode: 'pending', paragraphs: [] });
      const update = (patch: Partial<Suggestion>) => {
        if (!abort.signal.aborted) setSuggestion((s) => (s ? { ...s, ...patch } : s));
      };
      void (async () => {
        try {
          if (!(await budgetAllowsAction(api))) throw new ApiError({ status: 402, code: 'budget_exceeded', message: BUDGET_MESSAGE });
          if (abort.signal.aborted) return;
          let streamed = '';
          // One request starts the operation and streams it; reconnections follow it by its id.
          const response = await followOperation({
            start: request,
            onStarted: (operationId) => {
              startedRef.current.add(operationId);
              update({ operationId });
            },
            api,
            signal: abort.signal,
            onDelta: (text) => {
              streamed += text;
              update({ streamed, reconnecting: false });
            },
            onConnectionLost: () => update({ reconnecting: true }),
            onRestart: () => {
              streamed = '';
              update({ streamed });
            },
          });
          if (abort.signal.aborted) return;
          const paragraphs = responseParagraphs(operationType, response.response);
          const mapped = getPreview(editor)?.target ?? target;
          setPreview(editor, { target: mapped, mode: 'suggested', paragraphs });
          const versions = firstVersion({ operationId: response.operationId, response, paragraphs });
          update({ phase: 'ready', response, paragraphs, view: 'suggested', reconnecting: false, versions });
          seen.add(response.operationId);
        } catch (error) {
          if (abort.signal.aborted) return;
          const refusal = budgetRefusalOf(error);
          const message = refusal ? refusalText(refusal) : assistantErrorMessage(error);
          setPreview(editor, null);
          update({ phase: 'error', error: message, refusal });
          // AI not set up (a call made before the buttons knew) or a budget refusal: the card alone says so.
          if (isAiNotConfigured(error)) refreshAiAvailability(queryClient);
          else if (!refusal) notify.error(message);
        }
      })();
    },
    [api, queryClient, editor, fileId, forget, onStart, seen, stopAnother],
  );

  const toggleView = useCallback(
    (view: 'original' | 'suggested') => {
      const preview = getPreview(editor);
      if (preview) setPreview(editor, { ...preview, mode: view });
      setSuggestion((s) => (s ? { ...s, view } : s));
    },
    [editor],
  );

  const accept = useCallback(async () => {
    const s = current.current;
    if (!s?.response || s.phase !== 'ready') return;
    try {
      // The version comes first, so the text before the AI change can always be restored.
      await createVersion(api, { fileId, reason: 'before-ai' });
    } catch {
      notify.error('Could not save a version before applying the suggestion. Please try again.');
      return;
    }
    const end = editor.state.doc.content.size;
    const target: SuggestionTarget = getPreview(editor)?.target ?? { kind: 'blocks', from: end, to: end };
    // One transaction: the replacement is a single undo step, and the preview goes with it. The
    // history is closed on both sides, since it groups edits made within 500 ms into one step:
    // typing just before or just after must not be undone with the AI's text.
    const tr = closeHistory(editor.state.tr.setMeta(aiPreviewKey, null));
    const firstStep = tr.steps.length;
    // Under review only the changes the writer kept go in (docs/ASSISTANT.md "Reviewing a rewrite").
    const review = reviewApplier(editor);
    const after = review ? review(tr, target) : applySuggestion(tr, target, s.paragraphs, responseBlocks(s.response.response));
    // The new text carries where it came from: the document panel's figures read these marks.
    markInsertedAsAi(tr, firstStep, suggestionProvenance({ ...s, response: s.response }));
    // The caret goes right after the new text, so writing can go on from there.
    tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(after, tr.doc.content.size)), -1)).scrollIntoView();
    editor.view.dispatch(tr);
    editor.view.dispatch(closeHistory(editor.state.tr));
    stopAnother();
    forget(s);
    next();
    returnToText(editor, null);
  }, [api, editor, fileId, forget, next, stopAnother]);

  const chooseAlternative = useCallback(
    async (index: number, how: 'use' | 'show') => {
      if (choose(index) && how === 'use') await accept();
    },
    [choose, accept],
  );

  const reject = useCallback(() => {
    const s = current.current;
    if (!s) return;
    // The caret goes back to the end of the text the suggestion was about, as it was.
    const target = getPreview(editor)?.target ?? null;
    abortRef.current?.abort();
    stopAnother();
    forget(s);
    next();
    if (!getPreview(editor)) returnToText(editor, target ? target.to : null);
  }, [editor, forget, next, stopAnother]);

  const switchTier = useCallback(
    async (tier: AiTier) => {
      const s = current.current;
      if (!s?.action) return;
      try {
        await setProviderOverride(api, fileId, tier);
      } catch {
        notify.error('Failed to update AI provider');
        return;
      }
      // The selection the refused action read is still the editor's (the card's buttons keep it).
      run(s.action, s.request?.instruction);
    },
    [api, fileId, run],
  );

  return { suggestion, run, accept, reject, toggleView, tryAnother, showVersion, switchTier, showThree, chooseAlternative };
}
