import { describe, expect, it } from 'vitest';
import { RECENT_INSTRUCTIONS, readRecentInstructions, rememberInstruction } from './recentInstructions';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('recent Ask AI instructions', () => {
  it('keeps the newest first, one copy of each (case and spacing aside), at most eight', () => {
    const storage = memory();
    const remember = (instruction: string) => rememberInstruction({ tenantId: 't1', instruction, storage });
    remember('three options for the next line');
    remember('a paragraph on why the ferry matters to the town');
    expect(remember('  Three options  for the next line ')).toEqual(['Three options  for the next line', 'a paragraph on why the ferry matters to the town']);
    for (let i = 1; i <= 10; i++) remember(`instruction ${i}`);
    const list = readRecentInstructions({ tenantId: 't1', storage });
    expect(list).toHaveLength(RECENT_INSTRUCTIONS);
    expect(list[0]).toBe('instruction 10');
    expect(list.at(-1)).toBe('instruction 3');
  });

  it('keeps each tenant its own list and ignores blank instructions', () => {
    const storage = memory();
    rememberInstruction({ tenantId: 't1', instruction: 'mine', storage });
    rememberInstruction({ tenantId: 't2', instruction: '   ', storage });
    expect(readRecentInstructions({ tenantId: 't1', storage })).toEqual(['mine']);
    expect(readRecentInstructions({ tenantId: 't2', storage })).toEqual([]);
  });

  it('reads a damaged stored value as no list, and works without storage', () => {
    const storage = memory();
    storage.data.set('bree.askAi.recent.t1', '{"not":"a list"');
    expect(readRecentInstructions({ tenantId: 't1', storage })).toEqual([]);
    storage.data.set('bree.askAi.recent.t1', JSON.stringify(['ok', 3, null, '']));
    expect(readRecentInstructions({ tenantId: 't1', storage })).toEqual(['ok']);
    expect(rememberInstruction({ tenantId: 't1', instruction: 'x', storage: null })).toEqual([]);
  });
});
