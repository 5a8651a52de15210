import { describe, expect, it } from 'vitest';
import { cutAtPhrase, TRAILING_FUNCTION_WORDS } from './name-cut';
import { AUTO_NAME_MAX_LENGTH, nameFromText, sanitizeName } from './naming';
import type { DocJSON } from './document';

const MAX = AUTO_NAME_MAX_LENGTH;
const cut = (text: string) => cutAtPhrase({ text, max: MAX });
const length = (s: string) => Array.from(s).length;
const lastWord = (s: string) => (s.split(' ').pop() ?? '').toLowerCase().replace(/[^\p{L}']/gu, '');

describe('a long first line is cut where a phrase ends', () => {
  it('leaves a line that fits alone', () => {
    expect(cut('My trip to Lisbon')).toBe('My trip to Lisbon');
    expect(cut('x'.repeat(MAX))).toBe('x'.repeat(MAX));
  });

  it('never ends on an article, conjunction or preposition (the report: "…rocked gently and the")', () => {
    expect(cut('The small boat in the harbour rocked gently and the lighthouse beam swept the water')).toBe('The small boat in the harbour rocked gently');
    expect(cut('When we arrived at the station it was already dark and the last train had left for the city')).toBe(
      'When we arrived at the station it was already dark',
    );
    expect(cut('Minutes of the meeting of the parish council held on the first Tuesday of the month of March')).toBe(
      'Minutes of the meeting of the parish council held',
    );
    expect(cut('And so it was that the old man who lived at the end of the lane finally sold his boat')).toBe(
      'And so it was that the old man who lived at the end',
    );
    expect(cut('We drove all night through the mountains with the windows down and the radio on loud')).toBe(
      'We drove all night through the mountains with the windows',
    );
    expect(cut('Notes from a long afternoon spent reading old letters found in the back of a drawer')).toBe(
      'Notes from a long afternoon spent reading old letters found',
    );
  });

  it('prefers the end of a sentence, then the end of a clause, over a bare word', () => {
    expect(cut('The harbour at dawn was quiet. Then the fishing boats came in, one by one, and the gulls woke')).toBe('The harbour at dawn was quiet');
    expect(cut('Why did the lighthouse keeper leave? Nobody in the village would say, not even his sister')).toBe('Why did the lighthouse keeper leave?');
    expect(cut('It was the best of times, it was the worst of times, it was the age of wisdom')).toBe('It was the best of times, it was the worst of times');
    expect(cut('Three things I learned this spring: patience, compost and the value of a good spade')).toBe('Three things I learned this spring: patience');
    expect(cut('A quiet week by the sea — long walks, cold swims and far too many cups of strong tea')).toBe('A quiet week by the sea — long walks');
  });

  it('does not take a boundary that leaves too short a name', () => {
    // 'Hi' and 'Day one' are shorter than a third of the limit: the cut falls further on.
    expect(cut('Hi. This is the story of how we rebuilt the old mill on the river with our own hands')).toBe(
      'Hi. This is the story of how we rebuilt the old mill',
    );
    expect(cut('Day one, in which we set out from the harbour before sunrise and lose the map by noon')).toBe(
      'Day one, in which we set out from the harbour before sunrise',
    );
  });

  it('does not treat a decimal point or an abbreviation inside a word as a sentence end', () => {
    expect(cut('Version 2.5 of the handbook for volunteers at the community garden on Elm Street')).toBe(
      'Version 2.5 of the handbook for volunteers at the community',
    );
  });

  it('cuts between whole words, never inside one; one very long word is cut at the limit', () => {
    const name = cut('Supercalifragilisticexpialidocious adventures of an extraordinarily peculiar household');
    expect(name).toBe('Supercalifragilisticexpialidocious adventures');
    expect(cut('y'.repeat(200))).toBe('y'.repeat(MAX));
    expect(Array.from(cut('🙂'.repeat(80)))).toHaveLength(MAX);
  });

  it('cuts text without spaces at its own punctuation when it has some', () => {
    const sentence = '今日は港まで歩いて、古い灯台の下で長い時間海を眺めていました。';
    const name = cut(sentence.repeat(3));
    expect(name).toBe(sentence.slice(0, -1));
  });

  it('drops dangling punctuation a cut leaves behind', () => {
    // A bracket the name would leave open: cut before it.
    expect(cut('Letters to my brother (written in the winter of the long strike, never sent)')).toBe('Letters to my brother');
    expect(cut('Garden plans for the new allotment behind the church - beans, leeks, onions and more')).toBe(
      'Garden plans for the new allotment behind the church',
    );
    expect(cut('Supercalifragilisticexpialidocious adventures of an extraordinarily odd household')).toBe('Supercalifragilisticexpialidocious adventures');
  });

  it('keeps every cut within the limit, on a whole word, never ending on a function word', () => {
    const lines = [
      'She opened the door and the cold air of the January morning rushed into the room with her',
      'In the beginning there was only the sound of the sea against the rocks below the house',
      'When we arrived at the station it was already dark and the last train had left for the city',
      'And so it was that the old man who lived at the end of the lane finally sold his boat to a',
      'From the top of the hill you could see across the valley to the river and the town beyond it',
      'of the in and the to a for with on at by from of the in and the to a for with on at by from of',
      'Minutes of the meeting of the parish council held on the first Tuesday of the month of March',
    ];
    for (const line of lines) {
      const name = cut(line);
      expect(length(name)).toBeLessThanOrEqual(MAX);
      expect(line.startsWith(name)).toBe(true);
      // A whole word: what follows the cut in the line is a space or punctuation.
      expect(line.charAt(name.length)).toMatch(/^[\s,.;:!?)]$/);
      if (name.split(' ').some((w) => !TRAILING_FUNCTION_WORDS.has(w.toLowerCase()))) expect(TRAILING_FUNCTION_WORDS.has(lastWord(name))).toBe(false);
    }
  });
});

describe('the name a long first line gives a document', () => {
  const doc = (line: string): DocJSON => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: line }] }] });

  it('is cut at a phrase, and settled', () => {
    expect(nameFromText(doc('The small boat in the harbour rocked gently and the lighthouse beam swept the water'))).toEqual({
      name: 'The small boat in the harbour rocked gently',
      settled: true,
    });
    expect(sanitizeName('On the morning of the fair we were up early and out of the house before the').name).toBe(
      'On the morning of the fair we were up early and out',
    );
  });
});
