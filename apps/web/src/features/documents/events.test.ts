import { describe, expect, it } from 'vitest';
import { emitFileListChanged, FILE_LIST_CHANGED_EVENT, isFileListChangeFor } from './events';

describe('fileListChanged event', () => {
  it('reaches listeners and names its tenant', () => {
    const seen: Event[] = [];
    const listener = (e: Event) => seen.push(e);
    window.addEventListener(FILE_LIST_CHANGED_EVENT, listener);
    emitFileListChanged('tenant-a');
    window.removeEventListener(FILE_LIST_CHANGED_EVENT, listener);
    expect(seen).toHaveLength(1);
    expect(isFileListChangeFor(seen[0]!, 'tenant-a')).toBe(true);
    expect(isFileListChangeFor(seen[0]!, 'tenant-b')).toBe(false);
  });

  it('concerns every tenant when it names none', () => {
    expect(isFileListChangeFor(new Event(FILE_LIST_CHANGED_EVENT), 'tenant-a')).toBe(true);
  });
});
