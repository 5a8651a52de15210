import type { BackgroundResponse } from '@bree/contracts';
import type { Editor } from '@tiptap/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../lib/api';
import type * as ApiModule from './api';
import type { Suggestion } from './useAssistant';

const followed = vi.hoisted(() => ({ calls: [] as Array<{ operationId?: string; resolve: (r: BackgroundResponse) => void; onDelta: (t: string) => void }> }));
vi.mock('./stream', () => ({
  followOperation: (input: { operationId?: string; onDelta: (t: string) => void }) =>
    new Promise<BackgroundResponse>((resolve) => followed.calls.push({ operationId: input.operationId, resolve, onDelta: input.onDelta })),
}));
vi.mock('./budget', () => ({ budgetAllowsAction: () => Promise.resolve(true) }));
vi.mock('./preview', () => ({ getPreview: () => ({ target: { kind: 'text', ranges: [] }, mode: 'suggested', paragraphs: ['One.'] }), setPreview: vi.fn() }));
const deleted = vi.hoisted(() => [] as string[]);
vi.mock('./api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  deleteBackgroundResponse: (_api: unknown, _file: string, operationId: string) => (deleted.push(operationId), Promise.resolve()),
}));
vi.mock('../../lib/toast', () => ({ notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const { startAlternativesRun } = await import('./alternativesRun');

const response = (operationId: string, text: string) =>
  ({
    operationId,
    operationType: 'rewrite',
    status: 'completed',
    response: { generatedContent: text, rewrittenNodesInfo: { nodes: [{ type: 'paragraph', attrs: { id: operationId }, content: [{ type: 'text', text }] }] } },
  }) as unknown as BackgroundResponse;

/** A ready Enhance with one version, as the card has it when 'Show 3 versions' is clicked. */
function ready(): Suggestion {
  return {
    action: 'enhance',
    operationType: 'rewrite',
    operationId: 'first',
    phase: 'ready',
    streamed: '',
    paragraphs: ['One.'],
    response: response('first', 'One.'),
    error: null,
    view: 'suggested',
    orphan: false,
    original: 'rough',
    request: { fileId: 'f1', action: 'enhance', selection: { text: 'rough', nodeIds: ['n'] } },
    versions: { versions: [{ operationId: 'first', response: response('first', 'One.'), paragraphs: ['One.'] }], shown: 0, pending: null, error: null },
  };
}

function setup(post: ApiClient['post']) {
  const current = { current: ready() as Suggestion | null };
  const setSuggestion: Dispatch<SetStateAction<Suggestion | null>> = (next) => {
    current.current = typeof next === 'function' ? next(current.current) : next;
  };
  const posted: unknown[] = [];
  const api = {
    post: (path: string, body: unknown, options: unknown) => (posted.push({ path, body }), post(path, body, options as never)),
  } as unknown as ApiClient;
  startAlternativesRun({
    editor: {} as Editor,
    api,
    queryClient: {} as QueryClient,
    current,
    setSuggestion,
    started: { current: new Set() },
    seen: { add: () => undefined },
    aborts: new Set(),
  });
  return { current, posted };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  followed.calls.length = 0;
  deleted.length = 0;
});
afterEach(() => vi.clearAllMocks());

describe('a run of three versions at once', () => {
  it('asks once for three, deletes the version it replaces, then follows all three at once', async () => {
    const { current, posted } = setup(() => Promise.resolve({ operations: ['a', 'b', 'c'].map((operationId) => ({ operationId, tier: 'premium' })) }) as never);
    expect(current.current?.alternatives?.cards).toHaveLength(3);
    expect(current.current?.phase).toBe('generating');
    await flush();
    expect(posted).toEqual([
      { path: '/ai/alternatives', body: { fileId: 'f1', action: 'enhance', selection: { text: 'rough', nodeIds: ['n'] }, alternatives: 3 } },
    ]);
    expect(deleted).toEqual(['first']);
    expect(followed.calls.map((c) => c.operationId)).toEqual(['a', 'b', 'c']);
    followed.calls[1]!.onDelta('Two');
    expect(current.current?.alternatives?.cards.map((c) => c.streamed)).toEqual(['', 'Two', '']);
    followed.calls[1]!.resolve(response('b', 'Two.'));
    await flush();
    expect(current.current?.alternatives?.cards[1]?.version?.paragraphs).toEqual(['Two.']);
  });

  it("shows a budget refusal's one message on the card, with nothing followed", async () => {
    const refusal = new ApiError({
      status: 402,
      code: 'budget_exceeded',
      message: 'Budget limit exceeded. Please upgrade your plan to continue.',
      details: {
        ranOut: 'premiumCalls',
        tier: 'premium',
        plan: 'free',
        left: { fastCalls: 48, premiumCalls: 2, creditDollars: 0.9 },
        payg: { available: false, on: false },
      },
    });
    const { current } = setup(() => Promise.reject(refusal));
    await flush();
    expect(current.current).toMatchObject({ phase: 'error', alternatives: null });
    expect(current.current?.refusal?.title).toMatch(/Premium calls for this month are used up/);
    expect(followed.calls).toHaveLength(0);
  });

  it('lets go of versions still written when the suggestion is rejected: each is deleted once it is stored', async () => {
    const { current } = setup(() => Promise.resolve({ operations: ['a', 'b', 'c'].map((operationId) => ({ operationId, tier: 'premium' })) }) as never);
    await flush();
    deleted.length = 0;
    current.current = null; // Reject
    followed.calls.forEach((c, i) => c.resolve(response(c.operationId!, `V${i}.`)));
    await flush();
    expect(deleted.sort()).toEqual(['a', 'b', 'c']);
  });
});
