import { describe, expect, it } from 'vitest';
import { captureFiles, flattenFiles, patchFiles, restoreFiles } from './cachePatch';
import type { ListCache, SearchCache } from './cachePatch';
import { file } from './fileFixture';

const list = (): ListCache => ({
  pages: [
    { items: [file('a'), file('b')], nextCursor: 'c1', hasMore: true },
    { items: [file('c'), file('d')], nextCursor: null, hasMore: false },
  ],
  pageParams: [null, 'c1'],
});

const ids = (data: ListCache | SearchCache) => flattenFiles(data).map((f) => f.id);

describe('optimistic changes to the cached list', () => {
  it('removes a file and puts it back where it was on rollback', () => {
    const before = list();
    const captured = captureFiles(before, new Set(['c']));
    const removed = patchFiles(before, new Set(['c']), () => null);
    expect(ids(removed)).toEqual(['a', 'b', 'd']);
    expect(ids(restoreFiles(removed, captured))).toEqual(['a', 'b', 'c', 'd']);
    expect(restoreFiles(removed, captured).pages[1]?.items[0]?.id).toBe('c');
  });

  it('rolls back several removed files in their original order', () => {
    const before = list();
    const set = new Set(['a', 'b', 'd']);
    const captured = captureFiles(before, set);
    const removed = patchFiles(before, set, () => null);
    expect(ids(removed)).toEqual(['c']);
    expect(ids(restoreFiles(removed, captured))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('replaces a changed file with its earlier version', () => {
    const before = list();
    const captured = captureFiles(before, new Set(['b']));
    const renamed = patchFiles(before, new Set(['b']), (f) => ({ ...f, name: 'New.txt', displayName: 'New' }));
    expect(flattenFiles(renamed)[1]?.displayName).toBe('New');
    expect(flattenFiles(restoreFiles(renamed, captured))[1]?.displayName).toBe('b');
  });

  it('works on search results too', () => {
    const search: SearchCache = { items: [file('x'), file('y')] };
    const captured = captureFiles(search, new Set(['x']));
    const removed = patchFiles(search, new Set(['x']), () => null);
    expect(ids(removed)).toEqual(['y']);
    expect(ids(restoreFiles(removed, captured))).toEqual(['x', 'y']);
  });

  it('never lists a file twice when pages overlap', () => {
    const data = list();
    data.pages[1]!.items.unshift(file('b'));
    expect(ids(data)).toEqual(['a', 'b', 'c', 'd']);
  });
});
