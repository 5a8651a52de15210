import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocJSON } from '@bree/editor';
import type { ApiClient } from '../../lib/api';
import { importFiles } from './importFiles';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const image = (alt: string): DocJSON => ({ type: 'image', attrs: { src: PNG, alt, caption: null, size: 'full' } });
const converted: DocJSON = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Text' }] }, image('one'), image('two')] };

function setup(refuse: (n: number) => boolean) {
  const calls: { path: string; body: { content: DocJSON; fileId?: string; baseRevision?: number; source?: string } }[] = [];
  const post = vi.fn(async (path: string, body: { content: DocJSON }) => {
    calls.push({ path, body });
    if (path === '/files/create') {
      const at = '2025-06-18T12:00:00.000Z';
      const file = { fileId: 'f1', name: 'P.txt', displayName: 'P', filePath: 'P.txt', isFolder: false, isRepository: false, metadata: {} };
      return {
        success: true,
        file: {
          ...file,
          revision: 1,
          wordCount: 1,
          createdAt: at,
          lastModified: at,
          lastUpdated: at,
          syncStatus: { status: 'synced', revision: 1 },
          content: body.content,
        },
      };
    }
    return { success: true, saved: true, contentSize: 1, operationId: 'op', revision: 2, lastModified: '2025-06-18T12:00:01.000Z' };
  });
  let n = 0;
  const stored: { fileId: string; type: string }[] = [];
  const storeImage = vi.fn(async (fileId: string, blob: Blob) => {
    n += 1;
    stored.push({ fileId, type: blob.type });
    if (refuse(n)) throw new Error('415');
    return `/api/images/stored-image-${n}`;
  });
  const statuses: unknown[] = [];
  const notifier = { success: vi.fn(() => ''), error: vi.fn(() => ''), warning: vi.fn(() => ''), loading: vi.fn(() => ''), dismiss: vi.fn() };
  const deps = {
    api: { post } as unknown as ApiClient,
    queryClient: new QueryClient(),
    tenantId: 't1',
    notifier,
    storeImage,
    convert: async () => converted,
    onFileStatus: (_file: File, status: unknown) => statuses.push(status),
  };
  return { deps, calls, stored, statuses };
}

const srcs = (doc: DocJSON): unknown[] => (doc.type === 'image' ? [doc.attrs?.src] : (doc.content ?? []).flatMap(srcs));

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe("an import's images (docs/IMAGES.md)", () => {
  it('creates the document with the alt text, uploads each image for it, then saves it with the images', async () => {
    const env = setup(() => false);
    await importFiles([new File(['x'], 'Photos.html')], env.deps);
    const [create, save] = env.calls;
    expect(create?.path).toBe('/files/create');
    expect(JSON.stringify(create?.body.content)).not.toMatch(/base64|"image"/);
    expect(JSON.stringify(create?.body.content)).toMatch(/one.*two/);
    expect(env.stored).toEqual([
      { fileId: 'f1', type: 'image/png' },
      { fileId: 'f1', type: 'image/png' },
    ]);
    expect(save).toMatchObject({ path: '/files/content-only-update', body: { fileId: 'f1', baseRevision: 1, source: 'import' } });
    expect(srcs(save!.body.content)).toEqual(['/api/images/stored-image-1', '/api/images/stored-image-2']);
    expect(env.statuses.at(-1)).toMatchObject({ state: 'imported' });
    expect(env.statuses.at(-1)).not.toHaveProperty('note');
  });

  it('keeps the alt text of an image the server refused and says so on the file’s row', async () => {
    const env = setup((n) => n === 2);
    await importFiles([new File(['x'], 'Photos.html')], env.deps);
    const save = env.calls[1]!;
    expect(srcs(save.body.content)).toEqual(['/api/images/stored-image-1']);
    expect(JSON.stringify(save.body.content)).toContain('two');
    expect(env.statuses.at(-1)).toMatchObject({ state: 'imported', note: '1 of 2 images not added; the alt text is kept' });
  });

  it('does not save again when no image could be stored', async () => {
    const env = setup(() => true);
    await importFiles([new File(['x'], 'Photos.html')], env.deps);
    expect(env.calls.map((c) => c.path)).toEqual(['/files/create']);
    expect(env.statuses.at(-1)).toMatchObject({ state: 'imported', note: '2 of 2 images not added; the alt text is kept' });
  });
});
