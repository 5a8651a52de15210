import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveMachine, SaveState } from '@bree/editor';
import type { ApiClient } from '../../../lib/api';
import { useVersionRestore } from './useVersionRestore';

afterEach(cleanup);

/** A save machine that records what the restore asked of it, in order. */
function fakeMachine({ dirty, saveClears = true }: { dirty: boolean; saveClears?: boolean }) {
  const calls: string[] = [];
  let isDirty = dirty;
  const machine = {
    getState: () => ({ dirty: isDirty }) as SaveState,
    requestSave: vi.fn(async () => {
      calls.push('save');
      if (saveClears) isDirty = false;
      return saveClears ? 'saved' : 'failed';
    }),
    setPaused: vi.fn((paused: boolean) => calls.push(paused ? 'pause' : 'resume')),
  } as unknown as SaveMachine;
  return { machine, calls };
}

function fakeApi(calls: string[], fail = false): ApiClient {
  return {
    post: vi.fn(async (path: string, body: unknown) => {
      calls.push(`restore ${path} ${JSON.stringify(body)}`);
      if (fail) throw new Error('refused');
      return { success: true, content: { type: 'doc', content: [] }, revision: 7 };
    }),
  } as unknown as ApiClient;
}

describe('useVersionRestore', () => {
  it('saves unsaved typing first, and sends no autosave while the restore is on its way', async () => {
    const { machine, calls } = fakeMachine({ dirty: true });
    const loadCommitted = vi.fn((_content: unknown, revision: number) => calls.push(`load ${revision}`));
    const { result } = renderHook(() => useVersionRestore({ api: fakeApi(calls), tenantId: 't1', fileId: 'f1', machine, loadCommitted }));
    await result.current('v1');
    expect(calls).toEqual(['save', 'pause', 'restore /versions/restore/t1/f1 {"versionId":"v1"}', 'load 7', 'resume']);
  });

  it('restores at once when everything is saved', async () => {
    const { machine, calls } = fakeMachine({ dirty: false });
    const { result } = renderHook(() => useVersionRestore({ api: fakeApi(calls), tenantId: 't1', fileId: 'f1', machine, loadCommitted: () => undefined }));
    await result.current('v1');
    expect(calls[0]).toBe('pause');
    expect(machine.requestSave).not.toHaveBeenCalled();
  });

  it('does not restore over typing it could not save, and resumes autosave when the restore fails', async () => {
    const unsaved = fakeMachine({ dirty: true, saveClears: false });
    const { result } = renderHook(() =>
      useVersionRestore({ api: fakeApi(unsaved.calls), tenantId: 't1', fileId: 'f1', machine: unsaved.machine, loadCommitted: () => undefined }),
    );
    await expect(result.current('v1')).rejects.toThrow(/could not be saved/);
    expect(unsaved.calls).toEqual(['save']);

    const refused = fakeMachine({ dirty: false });
    const loadCommitted = vi.fn();
    const { result: again } = renderHook(() =>
      useVersionRestore({ api: fakeApi(refused.calls, true), tenantId: 't1', fileId: 'f1', machine: refused.machine, loadCommitted }),
    );
    await expect(again.current('v1')).rejects.toThrow('refused');
    expect(loadCommitted).not.toHaveBeenCalled();
    expect(refused.calls.at(-1)).toBe('resume');
  });
});
