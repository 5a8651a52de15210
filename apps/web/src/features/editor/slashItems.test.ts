import { describe, expect, it } from 'vitest';
import { SLASH_ITEMS, filterSlashItems, groupSlashItems, slashGivesUp, slashItemsFor } from './slashItems';

const labels = (query: string, items = SLASH_ITEMS) => filterSlashItems({ items, query }).map((i) => i.label);

describe("the '/' menu's items", () => {
  it('offers only the blocks the schema has, then the assistant, then the checks, in three groups', () => {
    const all = slashItemsFor({ paragraphHasText: true });
    expect(groupSlashItems(all).map((g) => g.group)).toEqual(['Blocks', 'Assistant', 'Review']);
    expect(all.filter((i) => i.group === 'Review').map((i) => i.label)).toEqual(['Check my draft']);
    expect(all.filter((i) => i.group === 'Blocks').map((i) => i.label)).toEqual([
      'Text',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bulleted list',
      'Numbered list',
      'Checklist',
      'Quote',
      'Divider',
      'Code block',
      'Image',
      'Table',
    ]);
    expect(all.map((i) => i.label)).toEqual(expect.arrayContaining(['Ask AI…', 'Fill Paragraph', 'Add Content', 'Fill Sentence', 'Expand paragraph']));
    for (const item of all) expect(item.hint.length).toBeGreaterThan(0);
  });

  it('offers the paragraph rewrites only when the paragraph has words to rewrite', () => {
    const empty = slashItemsFor({ paragraphHasText: false }).map((i) => i.id);
    expect(empty).not.toContain('expand');
    expect(empty).not.toContain('enhance');
    expect(empty).toContain('fill-paragraph');
    expect(slashItemsFor({ paragraphHasText: true }).map((i) => i.id)).toEqual(expect.arrayContaining(['expand', 'enhance', 'shrink']));
  });
});

describe('filtering as one types after the slash', () => {
  it('shows everything for a bare slash, in the menu order', () => {
    expect(labels('')).toEqual(SLASH_ITEMS.map((i) => i.label));
  });

  it("'he' and 'head' name the headings, and only them", () => {
    expect(labels('he')).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
    expect(labels('head')).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
    expect(labels('HEAD')).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
  });

  it('matches the start of any word, keywords and initials', () => {
    expect(labels('bul')[0]).toBe('Bulleted list');
    expect(labels('list')).toEqual(['Bulleted list', 'Numbered list']);
    expect(labels('ul')).toEqual(['Bulleted list']);
    // 'Code block' has a word starting 'bl': it comes before the initials of 'Bulleted list'.
    expect(labels('bl')).toEqual(['Code block', 'Bulleted list']);
    expect(labels('h2')[0]).toBe('Heading 2');
    expect(labels('exp')).toEqual(['Expand paragraph']);
    expect(labels('fp')).toEqual(['Fill Paragraph']);
  });

  it('ranks a name that starts with the query before a word inside a name, before a keyword', () => {
    // 'Ask AI…' starts with 'a'; 'Add Content' too; the AI actions found by the keyword 'ai' come after 'Ask AI…'.
    expect(labels('a').slice(0, 2)).toEqual(['Ask AI…', 'Add Content']);
    const ai = labels('ai');
    expect(ai[0]).toBe('Ask AI…');
    expect(ai).toEqual(expect.arrayContaining(['Fill Paragraph', 'Add Content', 'Fill Sentence']));
    expect(ai).not.toContain('Heading 1');
  });

  it('finds nothing for words no item has', () => {
    expect(labels('xyz')).toEqual([]);
    expect(labels('spreadsheet')).toEqual([]);
    expect(labels('table')).toEqual(['Table']);
  });

  it('names the quote, checklist, divider and code block by their words', () => {
    expect(labels('quote')).toEqual(['Quote']);
    expect(labels('todo')).toEqual(['Checklist']);
    expect(labels('check')[0]).toBe('Checklist');
    expect(labels('hr')).toEqual(['Divider']);
    expect(labels('---')).toEqual([]);
    expect(labels('code')).toEqual(['Code block']);
  });

  it('gives up three characters past the last match, not before', () => {
    expect(slashGivesUp({ items: SLASH_ITEMS, query: 'head' })).toBe(false);
    expect(slashGivesUp({ items: SLASH_ITEMS, query: 'x' })).toBe(false);
    expect(slashGivesUp({ items: SLASH_ITEMS, query: 'xy' })).toBe(false);
    expect(slashGivesUp({ items: SLASH_ITEMS, query: 'xyz' })).toBe(true);
    // 'head' matched: 'headxy' is two past it, 'headxyz' three.
    expect(slashGivesUp({ items: SLASH_ITEMS, query: 'headxy' })).toBe(false);
    expect(slashGivesUp({ items: SLASH_ITEMS, query: 'headxyz' })).toBe(true);
  });

  it('groups the matches in the order of their best item', () => {
    const groups = groupSlashItems(filterSlashItems({ items: SLASH_ITEMS, query: 'a' }));
    expect(groups[0]!.group).toBe('Assistant');
    expect(groups.flatMap((g) => g.items).length).toBe(filterSlashItems({ items: SLASH_ITEMS, query: 'a' }).length);
  });
});
