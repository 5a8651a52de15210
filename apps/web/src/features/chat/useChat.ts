import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiTier, ChatMessage } from '@bree/contracts';
import { readQuality } from '../assistant/quality';
import { useServices } from '../../app/services';
import { assistantErrorMessage, BUDGET_MESSAGE, setProviderOverride } from '../assistant/api';
import { budgetRefusalOf, refusalText, type BudgetRefusal } from '../billing/refusal';
import { ApiError } from '../../lib/api';
import { isAiNotConfigured, refreshAiAvailability } from '../assistant/aiAvailability';
import { budgetAllowsAction } from '../assistant/budget';
import { getCurrentTenant } from '../tenancy';
import { ChatReplyError, clearConversation, listConversation, sendMessage } from './api';

/** A message on screen: stored ones, plus the question and reply of the turn in progress. */
export type ShownMessage = Omit<ChatMessage, 'state'> & { state: ChatMessage['state'] | 'streaming' };

/** The turn being written (or just stopped) until the stored conversation has it. */
export interface Turn {
  question: ChatMessage;
  /** True once the server stored the question (its 'started' event). */
  stored: boolean;
  reply: string;
  streaming: boolean;
}

const chatKey = (tenantId: string, fileId: string) => ['chat', tenantId, fileId] as const;

/** After a Stop the server stores the partial reply as it sees the connection close: asked again until it has. */
const STOPPED_REFETCH_MS = [200, 1_000, 3_000];

/** The stored conversation with what it lacks of the turn in progress (exported for tests). */
export function withTurn(stored: ChatMessage[], turn: Turn | null): ShownMessage[] {
  if (!turn) return stored;
  const at = stored.findIndex((m) => m.id === turn.question.id);
  if (at >= 0 && stored.slice(at + 1).some((m) => m.role === 'assistant')) return stored;
  const shown: ShownMessage[] = at >= 0 ? [...stored] : [...stored, turn.question];
  if (turn.streaming || turn.reply)
    shown.push({ ...turn.question, id: `${turn.question.id}-reply`, role: 'assistant', content: turn.reply, state: turn.streaming ? 'streaming' : 'stopped' });
  return shown;
}

/** One document's conversation: the stored messages, sending with a streamed reply, Stop and Clear. */
export function useChat(fileId: string, { enabled }: { enabled: boolean }) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const tenantId = getCurrentTenant();
  const key = useMemo(() => chatKey(tenantId, fileId), [tenantId, fileId]);
  const query = useQuery({ queryKey: key, queryFn: () => listConversation(api, fileId), enabled });
  const [turn, setTurn] = useState<Turn | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A budget refusal's one message (docs/BILLING.md#refusals), shown with its action in place of the error line.
  const [refusal, setRefusal] = useState<BudgetRefusal | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const timers = useRef<number[]>([]);
  const tiers = useRef(new Map<string, AiTier>());

  useEffect(
    () => () => {
      abortRef.current?.abort();
      timers.current.forEach((t) => window.clearTimeout(t));
    },
    [],
  );

  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);

  /** Sends a message; answers false when it was refused before anything was stored (the text goes back to the box). */
  const send = useCallback(
    async (text: string, selection: string): Promise<boolean> => {
      if (abortRef.current) return false;
      const abort = new AbortController();
      abortRef.current = abort;
      setError(null);
      setRefusal(null);
      const question: ChatMessage = { id: `pending-${Date.now()}`, role: 'user', content: text, state: 'complete', createdAt: new Date().toISOString() };
      setTurn({ question, stored: false, reply: '', streaming: true });
      let asked: ChatMessage | null = null;
      let startedTier: AiTier | null = null;
      try {
        if (!(await budgetAllowsAction(api))) throw new ApiError({ status: 402, code: 'budget_exceeded', message: BUDGET_MESSAGE });
        const reply = await sendMessage({
          api,
          fileId,
          body: { message: text, ...(selection ? { selection } : {}) },
          signal: abort.signal,
          onStarted: ({ message, tier }) => {
            asked = message;
            startedTier = tier;
            setTurn((t) => t && { ...t, question: message, stored: true });
          },
          onDelta: (delta) => setTurn((t) => t && { ...t, reply: t.reply + delta }),
        });
        const stored = asked ?? question;
        if (startedTier) tiers.current.set(reply.id, startedTier);
        queryClient.setQueryData<ChatMessage[]>(key, (old = []) => [...old.filter((m) => m.id !== stored.id), stored, reply]);
        setTurn(null);
        return true;
      } catch (err) {
        if (abort.signal.aborted) {
          // Stopped: what arrived stays on screen, and the stored reply takes its place once read.
          setTurn((t) => t && { ...t, streaming: false });
          timers.current.push(...STOPPED_REFETCH_MS.map((ms) => window.setTimeout(() => void refetch(), ms)));
          return true;
        }
        setTurn(null);
        if (err instanceof ChatReplyError || asked) void refetch();
        else if (isAiNotConfigured(err)) refreshAiAvailability(queryClient);
        const refused = budgetRefusalOf(err);
        setRefusal(refused);
        setError(refused ? refusalText(refused) : assistantErrorMessage(err));
        return asked !== null;
      } finally {
        abortRef.current = null;
      }
    },
    [api, fileId, key, queryClient, refetch],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const clear = useCallback(async () => {
    abortRef.current?.abort();
    await clearConversation(api, fileId);
    setTurn(null);
    setError(null);
    setRefusal(null);
    queryClient.setQueryData<ChatMessage[]>(key, []);
  }, [api, fileId, key, queryClient]);

  /** A refusal's switch: this document on `tier` from now on (its next message, the refused one resent, runs there). */
  const switchTier = useCallback(
    async (tier: AiTier): Promise<boolean> => {
      try {
        await setProviderOverride(api, fileId, tier);
      } catch {
        setError('Failed to update AI provider');
        return false;
      }
      setRefusal(null);
      setError(null);
      return true;
    },
    [api, fileId],
  );

  return {
    messages: withTurn(query.data ?? [], turn),
    loading: query.isPending && enabled,
    loadFailed: query.isError,
    streaming: turn?.streaming ?? false,
    error,
    refusal,
    switchTier,
    send,
    stop,
    clear,
    /** The tier that wrote a reply: known for the replies of this visit, else the author's default quality. */
    tierOf: (messageId: string): AiTier => tiers.current.get(messageId) ?? readQuality(),
  };
}
