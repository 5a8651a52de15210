import { describe, expect, it } from 'vitest';
import type { BackgroundResponse } from '@bree/contracts';
import { arrivedWhileAway, createSeenResults } from './backgroundNotice';

function result(operationId: string, status: BackgroundResponse['status'] = 'completed'): BackgroundResponse {
  return {
    operationId,
    documentId: 'doc-1',
    operationType: 'rewrite',
    status,
    response: { rewrittenNodesInfo: { nodes: [] }, generatedContent: 'Better text.', sentenceNode: null },
    originalContext: { nodeIds: ['b1'] },
    createdAt: '2025-06-16T10:00:00.000Z',
  };
}

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe("'Background operation completed' only when something arrived while away", () => {
  it('is not shown when nothing came back', () => {
    expect(arrivedWhileAway([], createSeenResults(memoryStore()))).toBe(false);
  });

  it('is not shown for results already put on screen, even after a reload', () => {
    const store = memoryStore();
    createSeenResults(store).add('op-1');
    // A new page reads what the last one saw.
    expect(arrivedWhileAway([result('op-1')], createSeenResults(store))).toBe(false);
  });

  it('is not shown for failures (they have their own message)', () => {
    expect(arrivedWhileAway([result('op-2', 'failed')], createSeenResults(memoryStore()))).toBe(false);
  });

  it('is shown when at least one result is new', () => {
    const seen = createSeenResults(memoryStore());
    seen.add('op-1');
    expect(arrivedWhileAway([result('op-1'), result('op-3')], seen)).toBe(true);
  });

  it('works without storage and forgets the oldest ids first', () => {
    const seen = createSeenResults(null);
    seen.add('op-1');
    expect(seen.has('op-1')).toBe(true);
    const store = memoryStore();
    const many = createSeenResults(store);
    for (let i = 0; i < 250; i++) many.add(`op-${i}`);
    const reread = createSeenResults(store);
    expect(reread.has('op-0')).toBe(false);
    expect(reread.has('op-249')).toBe(true);
  });

  it('survives unreadable storage', () => {
    const store = memoryStore();
    store.setItem('bree.seenAiResults', '{not json');
    expect(arrivedWhileAway([result('op-9')], createSeenResults(store))).toBe(true);
  });
});
