import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, setup } from './changesFixture';
import { file } from './fileFixture';
import { MESSAGES } from './listChanges';
import { renamedPath } from './renamedPath';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('deleting documents', () => {
  it('removes the row at once and confirms', async () => {
    const env = setup({ delete: () => ({ success: true }) });
    const done = env.ops.remove(env.files[1]);
    expect(env.visible().map((f) => f.id)).toEqual(['a', 'c']);
    expect(await done).toBe(true);
    expect(env.calls).toEqual(['DELETE /files/t1/Beta.txt']);
    expect(env.notify.success).toHaveBeenCalledWith(MESSAGES.deleted, { action: expect.objectContaining({ label: 'Undo', ariaLabel: 'Undo deleting Beta' }) });
    expect(env.visible().map((f) => f.id)).toEqual(['a', 'c']);
  });

  it("offers Undo on 'File deleted': it restores the file from the Trash and shows it again at once", async () => {
    const env = setup({ delete: () => ({ success: true }), post: () => ({ success: true, file: env.files[1] }) });
    await env.ops.remove(env.files[1]);
    const [, options] = env.notify.success.mock.calls[0] as unknown as [string, { action: { run(): void } }];
    options.action.run();
    await vi.waitFor(() => expect(env.notify.success).toHaveBeenCalledWith(MESSAGES.restored('Beta')));
    expect(env.calls).toEqual(['DELETE /files/t1/Beta.txt', 'POST /files/b/restore']);
    expect(env.visible().map((f) => f.id)).toEqual(['b', 'a', 'c']);
  });

  it('restores one file of a bulk delete (the Trash view) without bringing back the others', async () => {
    const env = setup({
      post: (path, body) =>
        path === '/files/bulk-delete'
          ? { success: true, deleted: (body as { fileIds: string[] }).fileIds, notFound: [] }
          : { success: true, file: { ...env.files[0], name: 'Alpha 2.txt', displayName: 'Alpha 2', filePath: 'Alpha 2.txt' } },
    });
    await env.ops.removeMany([env.files[0], env.files[1]]);
    expect(env.visible().map((f) => f.id)).toEqual(['c']);
    await env.ops.restore(env.files[0]);
    expect(env.visible().map((f) => [f.id, f.displayName])).toEqual([
      ['a', 'Alpha 2'],
      ['c', 'Gamma'],
    ]);
    expect(env.notify.success).toHaveBeenLastCalledWith(MESSAGES.restored('Alpha 2'));
  });

  it('keeps the file hidden and says so when the restore fails', async () => {
    const env = setup({
      delete: () => ({ success: true }),
      post: () => {
        throw fail(404, 'file_not_found');
      },
    });
    await env.ops.remove(env.files[1]);
    expect(await env.ops.restore(env.files[1])).toBeNull();
    expect(env.notify.error).toHaveBeenCalledWith(MESSAGES.restoreFailed);
    expect(env.visible().map((f) => f.id)).toEqual(['a', 'c']);
  });

  it('tries 3 times, then restores the row and says Failed to delete file', async () => {
    const env = setup({
      delete: () => {
        throw fail(500, 'internal_error');
      },
    });
    expect(await env.ops.remove(env.files[0])).toBe(false);
    expect(env.calls).toEqual(Array(3).fill('DELETE /files/t1/Alpha.txt'));
    expect(env.visible().map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(env.notify.error).toHaveBeenCalledWith(MESSAGES.deleteFailed);
  });

  it('falls back to POST /files/delete on 404 and counts a file already gone as deleted', async () => {
    const env = setup({
      delete: () => {
        throw fail(404, 'not_found');
      },
    });
    expect(await env.ops.remove(env.files[2])).toBe(true);
    expect(env.calls).toEqual(['DELETE /files/t1/Gamma.txt', 'POST /files/delete']);
  });

  it('does not retry a refusal a retry cannot fix', async () => {
    const env = setup({
      delete: () => {
        throw fail(400, 'folder_delete_unsupported');
      },
    });
    expect(await env.ops.remove(env.files[0])).toBe(false);
    expect(env.calls).toHaveLength(1);
  });

  it('bulk delete retries once, then restores the rows and counts the failures', async () => {
    const env = setup({
      post: () => {
        throw fail(503, 'http_503');
      },
    });
    const result = await env.ops.removeMany([env.files[0], env.files[2]]);
    expect(result).toEqual({ deleted: [], failed: ['a', 'c'] });
    expect(env.calls).toEqual(['POST /files/bulk-delete', 'POST /files/bulk-delete']);
    expect(env.notify.error).toHaveBeenCalledWith('Failed to delete 2 of 2 file(s)');
    expect(env.visible().map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });

  it('bulk delete reports {n} file(s) deleted', async () => {
    const env = setup({ post: (_p, body) => ({ success: true, deleted: (body as { fileIds: string[] }).fileIds, notFound: [] }) });
    await env.ops.removeMany([env.files[0], env.files[1]]);
    expect(env.notify.success).toHaveBeenCalledWith('2 file(s) deleted', {
      action: expect.objectContaining({ label: 'Undo', ariaLabel: 'Undo deleting 2 file(s)' }),
    });
    expect(env.visible().map((f) => f.id)).toEqual(['c']);
  });
});

describe('renaming documents', () => {
  it('ignores blank or unchanged names and appends .txt', () => {
    const alpha = file('a', 'Alpha.txt');
    expect(renamedPath(alpha, '   ')).toBeNull();
    expect(renamedPath(alpha, ' Alpha ')).toBeNull();
    expect(renamedPath(alpha, 'Alpha.txt')).toBeNull();
    expect(renamedPath(alpha, ' Omega ')).toBe('Omega.txt');
    expect(renamedPath({ ...alpha, filePath: 'notes/Alpha.txt' }, 'Omega.txt')).toBe('notes/Omega.txt');
  });

  it('shows the new name at once and rolls back on a conflict', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const env = setup({
      post: async () => {
        await gate;
        throw fail(409, 'path_exists');
      },
    });
    const done = env.ops.rename(env.files[0], 'Beta');
    expect(env.visible()[0]?.displayName).toBe('Beta');
    release();
    expect(await done).toBe(false);
    expect(env.calls).toEqual(['POST /files/rename']);
    expect(env.visible()[0]?.displayName).toBe('Alpha');
    expect(env.notify.error).toHaveBeenCalledWith(MESSAGES.renameFailed);
  });

  it('sends a later tag update to the renamed path', async () => {
    const env = setup({
      post: (_p, body) => ({
        success: true,
        oldFilePath: 'Alpha.txt',
        newFilePath: 'Omega.txt',
        file: { ...file('a', 'Omega.txt'), filePath: (body as { newFilePath: string }).newFilePath },
      }),
      patch: () => ({ success: true, file: { ...file('a', 'Omega.txt'), metadata: { authenticity: 'Human' } } }),
    });
    const renaming = env.ops.rename(env.files[0], 'Omega');
    const tagging = env.ops.setTag(env.files[0], 'Human');
    await Promise.all([renaming, tagging]);
    expect(env.calls).toEqual(['POST /files/rename', 'PATCH /files/metadata/t1/Omega.txt']);
    expect(env.notify.success).toHaveBeenCalledWith(MESSAGES.renamed);
  });
});

describe('tagging documents', () => {
  it('ignores a second tag update for a file while the first runs', async () => {
    const env = setup({ patch: () => ({ success: true, file: { ...file('a', 'Alpha.txt'), metadata: { authenticity: 'AI' } } }) });
    const first = env.ops.setTag(env.files[0], 'AI');
    expect(await env.ops.setTag(env.files[0], 'Human')).toBe(false);
    expect(await first).toBe(true);
    expect(env.calls).toHaveLength(1);
    expect(env.visible()[0]?.metadata.authenticity).toBe('AI');
  });

  it('rolls a failed bulk tag back with Update failed', async () => {
    const env = setup({
      post: () => {
        throw fail(500, 'internal_error');
      },
    });
    expect(await env.ops.setTagMany([env.files[0], env.files[1]], 'Human')).toBe(0);
    expect(env.visible().map((f) => f.metadata.authenticity)).toEqual(['Untagged', 'Untagged', 'Untagged']);
    expect(env.notify.error).toHaveBeenCalledWith(MESSAGES.updateFailed);
  });
});

describe('creating documents', () => {
  it('says so when the blank document cannot be claimed, without retrying', async () => {
    const env = setup({
      post: () => {
        throw fail(500, 'internal_error');
      },
    });
    expect(await env.ops.create()).toBeNull();
    expect(env.calls).toEqual(['POST /files/claim-blank']);
    expect(env.notify.error).toHaveBeenCalledWith('Failed to create document. Please try again.');
  });
});
