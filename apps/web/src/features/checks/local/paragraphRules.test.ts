import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_SETTINGS, LOCAL_CHECK_RULES } from '@bree/contracts';
import type { CheckBlock, CheckFinding, CheckRule } from '@bree/contracts';
import { GRADE_MAX, GRADE_MIN, gradeLevel, isAdverb } from './paragraphRules';
import { runLocalChecks } from './runLocalChecks';
import { quotedMask, readBlock, sentenceRanges } from './text';

function only(rule: CheckRule, text: string, type = 'paragraph'): CheckFinding[] {
  const blocks: CheckBlock[] = [{ id: 'b1', type, text }];
  return runLocalChecks({ blocks, settings: { ...DEFAULT_CHECK_SETTINGS, disabledRules: LOCAL_CHECK_RULES.filter((r) => r !== rule) } });
}

const plain =
  'We walked down to the harbour in the evening and watched the boats come in. The gulls followed them. Nobody said much, and the light went out over the water before we turned for home.';

describe('adverb density', () => {
  it('flags a paragraph with more than 5% adverbs, spanning its first to its last and naming the share', () => {
    const text =
      'She walked slowly to the door and opened it carefully. The hall was quiet. She listened closely for the dog, then stepped softly inside and waited by the stairs for a while.';
    const [finding, ...rest] = only('adverb-density', text);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ from: text.indexOf('slowly'), to: text.indexOf('softly') + 'softly'.length, message: 'Many adverbs: 4 in 32 words (13%)' });
    expect(finding!.detail).toContain("'slowly', 'carefully', 'closely', 'softly'");
  });

  it('passes ordinary prose, a short paragraph, -ly words that are no adverbs, and adverbs in dialogue', () => {
    expect(only('adverb-density', plain)).toEqual([]);
    expect(only('adverb-density', 'She walked slowly, carefully, softly.')).toEqual([]);
    expect(
      only('adverb-density', 'Only the family came early, likely the ugly and lonely ones, for the holy day of the year in the hills above the town.'),
    ).toEqual([]);
    expect(only('adverb-density', `${plain} “Slowly, carefully, softly, quietly,” she said.`)).toEqual([]);
    expect(['only', 'family', 'early', 'likely', 'slowly'].map(isAdverb)).toEqual([false, false, false, false, true]);
  });
});

describe('readability', () => {
  const hard =
    'Institutional considerations notwithstanding, the administrative reorganisation necessitated comprehensive reevaluation of organisational responsibilities, particularly regarding interdepartmental communication. Consequently, considerable uncertainty characterised subsequent deliberations. The committee met again in the spring and agreed on a plan that most members could accept.';

  it('flags a paragraph above grade 14, names the grade (never above the top of the range) and marks its hardest sentence', () => {
    const [finding, ...rest] = only('readability', hard);
    expect(rest).toEqual([]);
    expect(finding!.message).toBe(`Hard to read: grade ${GRADE_MAX}+`);
    expect(finding!.quote).toBe(hard.slice(0, hard.indexOf(' Consequently')));
  });

  it('passes plain prose, short paragraphs and list items', () => {
    expect(only('readability', plain)).toEqual([]);
    expect(only('readability', 'Institutional considerations notwithstanding, reorganisation necessitated reevaluation.')).toEqual([]);
    expect(only('readability', hard, 'listItem')).toEqual([]);
  });

  it('keeps grades within a sensible range: one for the simplest words, 18 for the hardest', () => {
    expect(gradeLevel({ words: ['hi'], sentences: 1 })).toBe(GRADE_MIN);
    expect(gradeLevel({ words: [], sentences: 0 })).toBe(GRADE_MIN);
    const long = readBlock(hard).tokens.map((t) => t.lower);
    expect(gradeLevel({ words: long, sentences: 1 })).toBe(GRADE_MAX);
    const plainWords = readBlock(plain).tokens.map((t) => t.lower);
    const grade = gradeLevel({ words: plainWords, sentences: 3 });
    expect(grade).toBeGreaterThanOrEqual(4);
    expect(grade).toBeLessThanOrEqual(9);
  });
});

describe('reading a block', () => {
  it('marks text inside curly, straight and single quotation marks, not apostrophes; an open quote runs to the end', () => {
    const mark = (text: string) => [...quotedMask(text)].map((v, i) => (v ? text[i] : '_')).join('');
    expect(mark('a “bc” d')).toBe('__“bc”__');
    expect(mark('a "bc" d')).toBe('__"bc"__');
    expect(mark("don't ‘go’ dogs’ x")).toBe('______‘go’________');
    expect(mark('x “open')).toBe('__“open');
  });

  it('splits sentences with exact offsets, keeping abbreviations, initials and “Go!” she said. whole', () => {
    const text = ' Mr. J. Smith came. “Go!” she said.  It ended… Then? Yes. ';
    const ranges = sentenceRanges(text).map((r) => text.slice(r.from, r.to));
    expect(ranges).toEqual(['Mr. J. Smith came.', '“Go!” she said.', 'It ended…', 'Then?', 'Yes.']);
  });
});
