import { describe, expect, it } from 'vitest';
import { insertMention, matchingPeople, mentionAt } from './mentions';

describe('mentions', () => {
  it('finds the @name being typed at the caret, and only at the start of a word', () => {
    expect(mentionAt('Ask @Ol', 7)).toEqual({ start: 4, query: 'Ol' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('Ask @Olive Ow', 13)).toEqual({ start: 4, query: 'Olive Ow' });
    expect(mentionAt('mail me at ann@example.com', 26)).toBeNull();
    expect(mentionAt('No mention here', 15)).toBeNull();
  });

  it('matches names by their first letters or a word of them', () => {
    const people = [{ name: 'Olive Owner' }, { name: 'Ed Editor' }, { name: 'Cora Commenter' }];
    expect(matchingPeople(people, 'ol')).toEqual(['Olive Owner']);
    expect(matchingPeople(people, 'comm')).toEqual(['Cora Commenter']);
    expect(matchingPeople(people, '')).toHaveLength(3);
    expect(matchingPeople(people, 'zed')).toEqual([]);
  });

  it('replaces the typed @query with the whole name and a space', () => {
    expect(insertMention('Ask @Ol please', 7, 4, 'Olive Owner')).toEqual({ text: 'Ask @Olive Owner please', caret: 17 });
    expect(insertMention('@', 1, 0, 'Ed Editor')).toEqual({ text: '@Ed Editor ', caret: 11 });
  });
});
