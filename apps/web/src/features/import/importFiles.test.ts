import { QueryClient } from '@tanstack/react-query';
import type { FileWithContent } from '@bree/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { ImportError } from './convert';
import { importFiles } from './importFiles';
import type { ImportDeps } from './importFiles';

function saved(body: { filePath: string; isRepository: boolean; metadata: Record<string, unknown>; content: unknown }): FileWithContent {
  const at = '2025-06-18T12:00:00.000Z';
  return {
    id: body.filePath,
    fileId: body.filePath,
    name: body.filePath,
    displayName: body.filePath.replace(/\.txt$/, ''),
    filePath: body.filePath,
    isFolder: false,
    isRepository: body.isRepository,
    metadata: body.metadata,
    revision: 1,
    wordCount: 1,
    createdAt: at,
    lastModified: at,
    lastUpdated: at,
    syncStatus: { status: 'synced', revision: 1 },
    content: body.content,
  };
}

type Body = Parameters<typeof saved>[0];

function setup(overrides: Partial<ImportDeps> = {}, failPath?: string) {
  const log: string[] = [];
  const bodies: Body[] = [];
  const post = vi.fn(async (path: string, body: Body) => {
    log.push(`save ${body.filePath}`);
    if (body.filePath === failPath) throw new ApiError({ status: 500, code: 'internal', message: 'boom' });
    bodies.push(body);
    return { success: true, file: saved(body) };
  });
  const api = { post } as unknown as ApiClient;
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const toast = () => vi.fn((_message: string, _options?: { id?: string }) => '');
  const notifier = {
    success: toast(),
    error: toast(),
    warning: toast(),
    loading: vi.fn((_message: string, _options?: { id?: string }) => 'progress'),
    dismiss: vi.fn(),
  };
  const events: unknown[] = [];
  const onEvent = (e: Event) => events.push((e as CustomEvent).detail);
  window.addEventListener('fileListChanged', onEvent);
  const progress: string[] = [];
  const deps: ImportDeps = {
    api,
    queryClient,
    tenantId: 't1',
    notifier,
    now: () => new Date('2025-06-18T12:00:00.000Z'),
    convert: async (file) => {
      log.push(`convert ${file.name}`);
      if (file.name.startsWith('bad')) throw new ImportError('docx_malformed');
      return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: await file.text() }] }] };
    },
    onProgress: (p) => progress.push(`${p.done}/${p.total}`),
    ...overrides,
  };
  return { deps, log, bodies, notifier, invalidate, events, progress, stop: () => window.removeEventListener('fileListChanged', onEvent) };
}

const file = (name: string, text = 'Hello', size?: number) => {
  const f = new File([text], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('importing files', () => {
  it('converts then saves each file in turn, as .txt documents with import metadata', async () => {
    const env = setup();
    const summary = await importFiles([file('Essay.md', 'One'), file('Letter.docx', 'Two')], env.deps);
    expect(env.log).toEqual(['convert Essay.md', 'save Essay.txt', 'convert Letter.docx', 'save Letter.txt']);
    expect(env.bodies[0]).toEqual({
      filePath: 'Essay.txt',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] },
      isRepository: false,
      metadata: { sourceFilename: 'Essay.md', authenticity: 'Untagged', importedAt: '2025-06-18T12:00:00.000Z' },
    });
    expect(env.progress).toEqual(['0/2', '1/2', '2/2']);
    // One import, one toast: the summary (each file's result is the dialog's to show).
    expect(env.notifier.success.mock.calls.map((c) => c[0])).toEqual(['Imported 2 file(s)']);
    expect(env.notifier.error).not.toHaveBeenCalled();
    expect(env.notifier.warning).not.toHaveBeenCalled();
    expect(summary.imported.map((f) => f.name)).toEqual(['Essay.txt', 'Letter.txt']);
    expect(env.invalidate).toHaveBeenCalledTimes(1);
    expect(env.events).toEqual([{ tenantId: 't1' }]);
    env.stop();
  });

  it('saves into the repository when asked', async () => {
    const env = setup({ isRepository: true });
    await importFiles([file('Sample.txt')], env.deps);
    expect(env.bodies[0]?.isRepository).toBe(true);
    env.stop();
  });

  it('saves nothing for a file that fails to convert, and carries on with the rest', async () => {
    const env = setup();
    const summary = await importFiles([file('bad.docx'), file('good.txt')], env.deps);
    expect(env.log).toEqual(['convert bad.docx', 'convert good.txt', 'save good.txt']);
    expect(env.notifier.warning.mock.calls.map((c) => c[0])).toEqual(['Imported 1/2 files']);
    expect(env.notifier.error).not.toHaveBeenCalled();
    expect(env.notifier.success).not.toHaveBeenCalled();
    expect(summary.failed).toEqual([{ name: 'bad.docx', message: 'Failed to import bad.docx: The file is damaged or is not a Word document.' }]);
    env.stop();
  });

  it("reports a refused save as 'Failed to import {name}'", async () => {
    const env = setup({}, 'gone.txt');
    const summary = await importFiles([file('gone.md')], env.deps);
    expect(env.notifier.error.mock.calls.map((c) => c[0])).toEqual(['No files imported']);
    expect(summary.failed.map((f) => f.message)).toEqual(['Failed to import gone.md']);
    expect(env.events).toEqual([]);
    env.stop();
  });

  it('refuses a whole batch of 11 files or over 5 MB before converting anything', async () => {
    const env = setup();
    const eleven = Array.from({ length: 11 }, (_, i) => file(`${i}.txt`));
    expect((await importFiles(eleven, env.deps)).refused).toBe('You can upload up to 10 files at once.');
    const heavy = Array.from({ length: 6 }, (_, i) => file(`${i}.txt`, 'x', 1_000_000));
    expect((await importFiles(heavy, env.deps)).refused).toBe('Total upload size exceeds 5 MB.');
    expect(env.notifier.error.mock.calls.map((c) => c[0])).toEqual(['You can upload up to 10 files at once.', 'Total upload size exceeds 5 MB.']);
    expect(env.log).toEqual([]);
    env.stop();
  });

  it('skips a file over 1 MB or of another type with its own message, and counts it in the result', async () => {
    const env = setup();
    const problems: string[] = [];
    const summary = await importFiles([file('huge.txt', 'x', 1_048_577), file('photo.png'), file('ok.html', '<p>ok</p>')], {
      ...env.deps,
      onProblem: (m) => problems.push(m),
    });
    expect(problems).toEqual(['huge.txt exceeds 1 MB per-file limit', 'Unsupported file type: photo.png']);
    expect(summary.failed.map((f) => f.message)).toEqual(problems);
    expect(env.notifier.error).not.toHaveBeenCalled();
    expect(env.notifier.warning.mock.calls.map((c) => c[0])).toEqual(['Imported 1/3 files']);
    expect(env.progress).toEqual(['0/1', '1/1']);
    env.stop();
  });

  it('shows a progress toast that ends when the import does', async () => {
    const env = setup();
    await importFiles([file('a.txt'), file('b.txt')], env.deps);
    expect(env.notifier.loading.mock.calls).toEqual([
      ['Importing files… 0/2'],
      ['Importing files… 1/2', { id: 'progress' }],
      ['Importing files… 2/2', { id: 'progress' }],
    ]);
    expect(env.notifier.dismiss).toHaveBeenCalledWith('progress');
    env.stop();
  });

  it('refuses a converted tree the schema would refuse, without a round trip', async () => {
    const env = setup({ convert: async () => ({ type: 'doc', content: [{ type: 'table' }] }) });
    const summary = await importFiles([file('odd.html')], env.deps);
    expect(env.log).toEqual([]);
    expect(summary.failed.map((f) => f.message)).toEqual(['Failed to import odd.html']);
    expect(env.notifier.error.mock.calls.map((c) => c[0])).toEqual(['No files imported']);
    env.stop();
  });
});
