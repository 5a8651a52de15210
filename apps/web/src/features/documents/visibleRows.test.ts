import { describe, expect, it, vi } from 'vitest';
import { firstPageSize, readVisibleRows, visibleRowsKey, writeVisibleRows } from './visibleRows';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('rows-per-page setting', () => {
  it('is stored per tenant under mainRepo.visibleRows.{tenantId}', () => {
    const storage = memoryStorage();
    writeVisibleRows(storage, 'tenant-a', 15);
    expect(storage.data.get('mainRepo.visibleRows.tenant-a')).toBe('15');
    expect(readVisibleRows(storage, 'tenant-a', false)).toBe(15);
    expect(readVisibleRows(storage, 'tenant-b', false)).toBe(10);
    expect(visibleRowsKey('x')).toBe('mainRepo.visibleRows.x');
  });

  it('defaults to 10 on desktop and 5 on mobile', () => {
    expect(readVisibleRows(memoryStorage(), 't', false)).toBe(10);
    expect(readVisibleRows(memoryStorage(), 't', true)).toBe(5);
  });

  it('turns anything invalid into 10, even on mobile', () => {
    for (const bad of ['7', 'abc', '', '10.5', '-5', '100']) {
      expect(readVisibleRows(memoryStorage({ 'mainRepo.visibleRows.t': bad }), 't', true)).toBe(10);
    }
  });

  it('survives a storage that throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readVisibleRows(broken, 't', true)).toBe(5);
    expect(() => writeVisibleRows(broken, 't', 5)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('asks for the visible rows plus two on the first page', () => {
    expect(firstPageSize(5)).toBe(7);
    expect(firstPageSize(10)).toBe(12);
  });
});
