import { useCallback, useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import type { AiAction, BackgroundResponse, OperationType } from '@bree/contracts';
import { useServices } from '../../app/services';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { createVersion } from '../editor/api';
import { BUDGET_MESSAGE, assistantErrorMessage, deleteBackgroundResponse, listBackgroundResponses } from './api';
import { followOperation } from './stream';
import { isAiNotConfigured, refreshAiAvailability } from './aiAvailability';
import { budgetAllowsAction } from './budget';
import { OPERATION_TYPE_OF, blocksInRange, blocksWithIds, operationInput, responseBlocks, responseParagraphs, sentenceAt, targetFor } from './nodes';
import { aiPreviewKey, getPreview, setPreview } from './preview';
import type { SuggestionTarget } from './nodes';

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
  view: 'original' | 'suggested';
  /** The blocks it was about are gone (a background result): accepting appends it at the end. */
  orphan: boolean;
  /** The stream dropped (Bree restarting, network): it is being followed again. */
  reconnecting?: boolean;
}

/** What the editor page wires into the menus and the suggestion card. */
export interface AssistantApi {
  suggestion: Suggestion | null;
  run(action: AiAction, instruction?: string): void;
  accept(): Promise<void>;
  reject(): void;
  toggleView(view: 'original' | 'suggested'): void;
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
  current.current = suggestion;

  const forget = useCallback(
    (operationId: string | null) => {
      if (operationId) void deleteBackgroundResponse(api, fileId, operationId).catch(() => undefined);
    },
    [api, fileId],
  );

  /** Shows a stored result as a suggestion; false when it cannot be. */
  const showBackground = useCallback(
    (r: BackgroundResponse): boolean => {
      const paragraphs = responseParagraphs(r.operationType, r.response);
      if (r.status === 'failed' || paragraphs.length === 0) return false;
      const span = blocksWithIds(editor.state.doc, r.originalContext.nodeIds);
      const target = span ? targetFor(r.operationType, span) : null;
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
      });
      notify.success('Background operation completed');
      return true;
    },
    [editor],
  );

  const next = useCallback(() => {
    setPreview(editor, null);
    setSuggestion(null);
    for (let r = queueRef.current.shift(); r; r = queueRef.current.shift()) {
      if (showBackground(r)) return;
      notify.error(`Failed to apply ${r.operationType} operation`);
      forget(r.operationId);
    }
  }, [editor, forget, showBackground]);

  // Results that finished while the page was closed (or reloaded) come back as suggestions.
  useEffect(() => {
    let cancelled = false;
    listBackgroundResponses(api, fileId)
      .then((responses) => {
        if (cancelled) return;
        queueRef.current = responses.filter((r) => !startedRef.current.has(r.operationId));
        if (!current.current && queueRef.current.length > 0) next();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      abortRef.current?.abort();
    };
  }, [api, fileId, next]);

  const run = useCallback(
    (action: AiAction, instruction?: string) => {
      const operationType = OPERATION_TYPE_OF[action];
      const { from, to } = editor.state.selection;
      const span = blocksInRange(editor.state.doc, from, to);
      if (!span) return;
      // A new request replaces any open suggestion; the document still holds the original.
      abortRef.current?.abort();
      forget(current.current?.operationId ?? null);
      const target: SuggestionTarget = targetFor(operationType, span, from === to ? from : undefined);
      // Read now: the positions belong to this document, which may change while the request waits.
      const input = operationInput(editor.state.doc, operationType, span, target);
      const abort = new AbortController();
      abortRef.current = abort;
      onStart?.();
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
            start: { fileId, action, ...(instruction ? { instruction } : {}), ...input },
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
          update({ phase: 'ready', response, paragraphs, view: 'suggested', reconnecting: false });
        } catch (error) {
          if (abort.signal.aborted) return;
          const message = assistantErrorMessage(error);
          setPreview(editor, null);
          update({ phase: 'error', error: message });
          // AI not set up (a call made before the buttons knew): the card alone says so, and the buttons learn it.
          if (isAiNotConfigured(error)) refreshAiAvailability(queryClient);
          else notify.error(message);
        }
      })();
    },
    [api, queryClient, editor, fileId, forget, onStart],
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
    const target = getPreview(editor)?.target ?? { from: end, to: end, inline: false };
    // One transaction: the replacement is a single undo step, and the preview goes with it. The
    // history is closed on both sides, since it groups edits made within 500 ms into one step:
    // typing just before or just after must not be undone with the AI's text.
    const tr = closeHistory(editor.state.tr.setMeta(aiPreviewKey, null));
    if (target.inline) tr.insertText(sentenceAt(tr.doc, target.from, s.paragraphs.join(' ')), target.from);
    else
      tr.replaceWith(
        target.from,
        target.to,
        responseBlocks(s.response.response).map((n) => editor.schema.nodeFromJSON(n)),
      );
    editor.view.dispatch(tr);
    editor.view.dispatch(closeHistory(editor.state.tr));
    forget(s.operationId);
    next();
  }, [api, editor, fileId, forget, next]);

  const reject = useCallback(() => {
    const s = current.current;
    if (!s) return;
    abortRef.current?.abort();
    forget(s.operationId);
    next();
  }, [forget, next]);

  return { suggestion, run, accept, reject, toggleView };
}
