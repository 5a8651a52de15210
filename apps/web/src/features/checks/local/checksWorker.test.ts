import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECK_SETTINGS } from '@bree/contracts';
import type { ChecksReply, ChecksRequest } from './checksProtocol';

afterEach(() => vi.useRealTimers());

const replies: ChecksReply[] = [];
let listener: ((event: MessageEvent<ChecksRequest>) => void) | undefined;

/** The worker's module, once, against a stand-in global scope: what it listens to and what it answers. */
beforeAll(async () => {
  vi.stubGlobal('self', { addEventListener: (_type: string, l: typeof listener) => (listener = l), postMessage: (m: ChecksReply) => replies.push(m) });
  await import('./checksWorker');
  // The module holds on to the stand-in; the test environment gets its own `self` back.
  vi.unstubAllGlobals();
});

beforeEach(() => {
  replies.length = 0;
});

const send = (request: ChecksRequest) => listener!(new MessageEvent('message', { data: request }));

const request = (runId: number, text: string): ChecksRequest => ({
  runId,
  blocks: [{ id: 'b1', type: 'paragraph', text }],
  settings: DEFAULT_CHECK_SETTINGS,
  profile: null,
});

describe('the checks worker', () => {
  it('answers a run with its findings', () => {
    vi.useFakeTimers();
    send(request(1, 'The pier was taken by the storm.'));
    vi.runAllTimers();
    expect(replies).toMatchObject([{ ok: true, runId: 1, ownShare: null, findings: [{ rule: 'passive-voice', quote: 'was taken' }] }]);
  });

  it('runs only the newest of the requests that arrived together', () => {
    vi.useFakeTimers();
    send(request(1, 'It was really cold.'));
    send(request(2, 'It was very cold.'));
    vi.runAllTimers();
    expect(replies.map((r) => r.runId)).toEqual([2]);
    expect(replies[0]).toMatchObject({ ok: true, findings: [{ quote: 'very' }] });
  });
});
