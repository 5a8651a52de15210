import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileSummary } from '@bree/contracts';
import { fail, setup } from './changesFixture';
import { file } from './fileFixture';
import { MESSAGES } from './listChanges';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const ids = (files: FileSummary[]) => files.map((f) => f.id);
/** The Undo offered by the last success toast. */
function undoOf(notify: { success: { mock: { calls: unknown[][] } } }): { ariaLabel: string; run(): void } {
  const options = notify.success.mock.calls.at(-1)?.[1] as { action: { ariaLabel: string; run(): void } };
  return options.action;
}

describe('Undo of a bulk delete', () => {
  const bulkServer = (restoreAnswer: (fileIds: string[]) => unknown) => (path: string, body: unknown) => {
    const fileIds = (body as { fileIds: string[] }).fileIds;
    return path === '/files/bulk-delete' ? { success: true, deleted: fileIds, notFound: [] } : restoreAnswer(fileIds);
  };

  it('restores every document of the batch in one request and shows them again at once', async () => {
    const env = setup({ post: bulkServer(() => ({ success: true, restored: [env.files[0], env.files[1], env.files[2]], notFound: [] })) });
    await env.ops.removeMany(env.files);
    expect(ids(env.visible())).toEqual([]);
    const undo = undoOf(env.notify);
    expect(undo.ariaLabel).toBe('Undo deleting 3 file(s)');

    undo.run();
    await vi.waitFor(() => expect(env.notify.success).toHaveBeenLastCalledWith(MESSAGES.bulkRestored(3)));
    expect(env.calls).toEqual(['POST /files/bulk-delete', 'POST /files/bulk-restore']);
    expect(ids(env.visible()).sort()).toEqual(['a', 'b', 'c']);
  });

  it('says how many could not come back, and shows those that did', async () => {
    const env = setup({ post: bulkServer(() => ({ success: true, restored: [env.files[0]], notFound: ['b'] })) });
    await env.ops.removeMany([env.files[0], env.files[1]]);
    expect(await env.ops.restoreMany([env.files[0], env.files[1]])).toEqual([env.files[0]]);
    expect(env.notify.error).toHaveBeenCalledWith(MESSAGES.bulkRestoreFailed(1, 2));
    expect(ids(env.visible())).toEqual(['a', 'c']);
  });

  it('keeps the rows hidden and says so when the restore fails', async () => {
    const env = setup({
      post: bulkServer(() => {
        throw fail(404, 'validation_failed');
      }),
    });
    await env.ops.removeMany([env.files[0], env.files[1]]);
    expect(await env.ops.restoreMany([env.files[0], env.files[1]])).toEqual([]);
    expect(env.notify.error).toHaveBeenCalledWith(MESSAGES.bulkRestoreFailed(2, 2));
    expect(ids(env.visible())).toEqual(['c']);
  });
});

describe('discarding an empty new document', () => {
  /** 'Create new document' as the list makes it: claimed, then shown through the overlay only. */
  async function created(env: ReturnType<typeof setup>): Promise<FileSummary> {
    const blank = await env.ops.create();
    expect(blank?.id).toBe('n');
    return blank!;
  }
  const claimOr = (answer: () => unknown) => (path: string) =>
    path === '/files/claim-blank' ? { success: true, fileId: 'n', filename: 'Untitled.txt', file: file('n', 'Untitled.txt') } : answer();

  it('takes it out of the list at once, without a message', async () => {
    const env = setup({ post: claimOr(() => ({ success: true })) });
    const blank = await created(env);
    expect(ids(env.visible())).toEqual(['n', 'a', 'b', 'c']);
    const done = env.ops.discardEmpty(blank);
    expect(ids(env.visible())).toEqual(['a', 'b', 'c']);
    expect(await done).toBe(true);
    expect(env.calls).toEqual(['POST /files/claim-blank', 'POST /files/n/discard']);
    // Neither the tombstone's end nor the creation's entry brings it back.
    expect(env.overlay.entries().filter((e) => e.patch.kind === 'create')).toEqual([]);
    expect(env.notify.success).not.toHaveBeenCalled();
    expect(env.notify.error).not.toHaveBeenCalled();
  });

  it('counts a document already gone as discarded', async () => {
    const env = setup({
      post: claimOr(() => {
        throw fail(404, 'file_not_found');
      }),
    });
    expect(await env.ops.discardEmpty(await created(env))).toBe(true);
    expect(ids(env.visible())).toEqual(['a', 'b', 'c']);
  });

  it('shows it again, silently, when the server keeps it (it held text)', async () => {
    const env = setup({
      post: claimOr(() => {
        throw fail(409, 'document_not_empty');
      }),
    });
    expect(await env.ops.discardEmpty(await created(env))).toBe(false);
    expect(env.calls.filter((c) => c.endsWith('/discard'))).toHaveLength(1);
    expect(ids(env.visible())).toEqual(['n', 'a', 'b', 'c']);
    expect(env.notify.error).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
  });
});
