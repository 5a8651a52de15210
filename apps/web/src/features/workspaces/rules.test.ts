import { describe, expect, it } from 'vitest';
import {
  anyGenerating,
  createdMessage,
  failedMessage,
  pendingWait,
  PLACEHOLDER_LABEL,
  readyDecision,
  threadPosts,
  variantDisplayLabel,
  WORKSPACE_TIMINGS,
  wordHintFor,
  workspaceRootOf,
} from './rules';

describe('variantDisplayLabel', () => {
  it('names the master by its name and a variant by its label', () => {
    expect(variantDisplayLabel({ isMaster: true, displayName: 'Essay', variantLabel: null })).toBe('Essay');
    expect(variantDisplayLabel({ isMaster: false, displayName: 'x', variantLabel: 'Vary 2' })).toBe('Vary 2');
  });
  it("shows 'New Variant' while a variant's label is unknown or blank", () => {
    expect(variantDisplayLabel(undefined)).toBe(PLACEHOLDER_LABEL);
    expect(variantDisplayLabel({ isMaster: false, displayName: 'x', variantLabel: null })).toBe('New Variant');
    expect(variantDisplayLabel({ isMaster: false, displayName: 'x', variantLabel: '  ' })).toBe('New Variant');
  });
});

describe('toasts', () => {
  it("says '{Action} created', 'Thread created' for Threadify and 'Duplicate created'", () => {
    expect(createdMessage('emailify')).toBe('Emailify created');
    expect(createdMessage('threadify')).toBe('Thread created');
    expect(createdMessage('duplicate')).toBe('Duplicate created');
  });
  it("says 'Failed to create {action}' with the server's reason when there is one", () => {
    expect(failedMessage('postify')).toBe('Failed to create postify');
    expect(failedMessage('vary', 'The AI provider did not answer.')).toBe('Failed to create vary: The AI provider did not answer.');
    expect(failedMessage('duplicate', null)).toBe('Failed to duplicate');
  });
});

describe('wordHintFor', () => {
  it('is 850 words for Postify and Storify, 2500 otherwise', () => {
    expect(wordHintFor('postify')).toBe(850);
    expect(wordHintFor('storify')).toBe(850);
    expect(wordHintFor('threadify')).toBe(2500);
  });
});

describe('polling decisions', () => {
  it('keeps the picker asking while any entry is being written', () => {
    expect(anyGenerating(undefined)).toBe(false);
    expect(anyGenerating([{ status: null }, { status: 'ready' }])).toBe(false);
    expect(anyGenerating([{ status: 'ready' }, { status: 'generating' }])).toBe(true);
  });
  it('is ready once marked master, retries while attempts remain, then fails', () => {
    expect(readyDecision({ isMaster: true }, 0)).toBe('ready');
    expect(readyDecision({ isMaster: false }, 0)).toBe('retry');
    expect(readyDecision(null, WORKSPACE_TIMINGS.readyAttempts - 2)).toBe('retry');
    expect(readyDecision({ isMaster: false }, WORKSPACE_TIMINGS.readyAttempts - 1)).toBe('failed');
  });
  it('waits for pending renames and deletes at most 8 s from the oldest', () => {
    expect(pendingWait([], 10_000)).toBe(0);
    expect(pendingWait([10_000, 12_000], 11_000)).toBe(7_000);
    expect(pendingWait([1_000], 20_000)).toBe(0);
  });
  it("finds the workspace through a variant's master", () => {
    expect(workspaceRootOf(undefined)).toBeNull();
    expect(workspaceRootOf({ fileId: 'm', isMaster: true, masterFileId: null })).toBe('m');
    expect(workspaceRootOf({ fileId: 'v', isMaster: false, masterFileId: 'm' })).toBe('m');
    expect(workspaceRootOf({ fileId: 'p', isMaster: false, masterFileId: null })).toBeNull();
  });
});

describe('threadPosts', () => {
  it('counts each non-empty paragraph and marks posts over 280 characters', () => {
    const posts = threadPosts(['1/2 Hello', '', `2/2 ${'x'.repeat(280)}`]);
    expect(posts).toEqual([
      { length: 9, over: false },
      { length: 284, over: true },
    ]);
  });
});
