import { checkFindingId, voiceStatsSchema, words } from '@bree/contracts';
import type { CheckBlock, VoiceStats } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { OFF_VOICE_THRESHOLD, VOICE_NOT_ANALYZED_MESSAGE, offVoiceFindings, sentenceSpans } from './offVoice';

/**
 * The author: plain, first-person past-tense prose of about 15 words a sentence, commas and the odd
 * colon or dash, a question now and then, never a semicolon or an exclamation mark, never 'you'
 * (the figures 'Analyze my voice' would store for 6,000 words of it).
 */
const PROFILE: VoiceStats = {
  words: 6000,
  sentences: 400,
  paragraphs: 80,
  sentenceLength: { mean: 15, median: 14, p10: 7, p90: 24, stdev: 6 },
  vocabulary: { typeTokenRatio: 0.3, mattr: 0.72, mattrWindow: 100 },
  punctuationPer1000Words: { commas: 55, semicolons: 0, colons: 1.5, dashes: 4, exclamations: 0, questions: 2, ellipses: 0, parentheses: 0.5, quotes: 6 },
  functionWordsPer1000Words: { the: 60, and: 35, i: 30, a: 25, of: 20, to: 22, was: 18, in: 15, it: 12, we: 8, he: 9 },
  person: { first: 0.45, second: 0, third: 0.55 },
  tense: { past: 0.7, present: 0.3 },
  recurringPhrases: [{ phrase: 'the harbour', count: 6 }],
  readability: { fleschReadingEase: 78, fleschKincaidGrade: 6, syllablesPerWord: 1.38 },
  averageParagraphWords: 75,
};

/** Sentences the author wrote: none may be flagged. */
const OWN = [
  'I walked down to the harbour before the rain came in.',
  'The boats were tied up in a long row, and nobody was about.',
  'My father used to fish here when he was young.',
  'He said the water was colder then, but I never believed him.',
  'We ate our lunch on the wall and watched the gulls fight over the bread.',
  'It was late in the afternoon when we finally turned back toward the town.',
  'Why did he never take me out with him, even once?',
  'The road home was longer than I remembered — or I was slower.',
  'I kept his old net in the shed for years after that, though I never used it, and my mother said nothing about it.',
  'When the weather turned, we packed the car, locked the house and drove north for two days, stopping only for petrol, bread and the odd view that my mother wanted us to admire.',
];

const LONG =
  'The fishermen came back in the evening with their boats full of fish and their nets torn and their hands cold, and they sat on the wall and talked about the weather and the prices and the boats that had gone out and never come back again, and nobody said very much about any of it.';
const SEMICOLON = 'The tide was turning; the light was going too.';
const FORMAL = 'Consequently, organizational stakeholders must prioritize comprehensive sustainability initiatives immediately.';
const EXCLAIM = 'What a wonderful day it was for all of us!';
const DIRECT = 'Have you ever wondered why the sea looks so grey in winter?';

function block(id: string, text: string, type = 'paragraph'): CheckBlock {
  return { id, type, text };
}

/** A profile that throws on reading any field VoiceStats does not have (the check must use only what is measured). */
function strict<T extends object>(value: T, shape: Record<string, unknown>, path = 'profile'): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      const got: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || Array.isArray(target)) return got;
      if (!(key in shape)) throw new Error(`${path}.${key} is not a VoiceStats field`);
      const inner = (shape[key] as { shape?: Record<string, unknown> } | undefined)?.shape;
      return inner && got && typeof got === 'object' ? strict(got, inner, `${path}.${key}`) : got;
    },
  });
}

describe('sentenceSpans', () => {
  it('gives each sentence with its exact offsets in the block text', () => {
    const text = 'One two three four.  Five six seven eight!\nNine ten? Eleven';
    const spans = sentenceSpans(text);
    expect(spans.map((s) => s.text)).toEqual(['One two three four.', 'Five six seven eight!', 'Nine ten?', 'Eleven']);
    for (const s of spans) expect(text.slice(s.from, s.to)).toBe(s.text);
  });
});

describe('offVoiceFindings', () => {
  it("never flags the author's own sentences", () => {
    const { findings, ownShare } = offVoiceFindings({ blocks: [block('b1', OWN.join(' '))], profile: PROFILE });
    expect(findings).toEqual([]);
    expect(ownShare).toBe(1);
  });

  it('flags a much longer sentence, with its length against the profile', () => {
    const text = `${OWN[0]} ${LONG} ${OWN[1]}`;
    const { findings } = offVoiceFindings({ blocks: [block('b1', text)], profile: PROFILE });
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f).toMatchObject({ rule: 'off-voice', blockId: 'b1', quote: LONG, message: 'Reads unlike you: much longer than your sentences' });
    expect(f!.from).toBe(OWN[0]!.length + 1);
    expect(f!.to).toBe(OWN[0]!.length + 1 + LONG.length);
    expect(text.slice(f!.from, f!.to)).toBe(LONG);
    expect(f!.id).toBe(checkFindingId({ rule: 'off-voice', blockId: 'b1', quote: LONG }));
    expect(f!.detail).toContain('56 words; your sentences are 7–24 words most of the time (15 on average)');
  });

  it('names punctuation the author never uses', () => {
    const { findings } = offVoiceFindings({ blocks: [block('b1', `${OWN[2]} ${SEMICOLON}`)], profile: PROFILE });
    expect(findings.map((f) => f.quote)).toEqual([SEMICOLON]);
    expect(findings[0]!.message).toBe('Reads unlike you: punctuation you never use');
    expect(findings[0]!.detail).toContain('Uses a semicolon, which you never do in your samples (6,000 words)');
  });

  it('names long, formal words against the profile’s syllables per word', () => {
    const { findings } = offVoiceFindings({ blocks: [block('b1', FORMAL)], profile: PROFILE });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toBe('Reads unlike you: longer, more formal words than yours');
    expect(findings[0]!.detail).toBe('Long words: 4.1 syllables a word (“organizational”, “sustainability”, “immediately”); yours average 1.4.');
  });

  it('names tone markers: an exclamation, a question put to the reader as “you”', () => {
    const { findings } = offVoiceFindings({ blocks: [block('b1', EXCLAIM), block('b2', DIRECT)], profile: PROFILE });
    expect(findings.map((f) => [f.blockId, f.message])).toEqual([
      ['b1', 'Reads unlike you: an exclamation, which you never use'],
      ['b2', 'Reads unlike you: speaks to the reader as “you”'],
    ]);
    expect(findings[1]!.detail).toContain('Speaks to the reader as “you”, which your samples never do');
  });

  it('skips headings, code, block quotes, quoted dialogue and sentences under four words', () => {
    const blocks = [
      block('h', FORMAL, 'heading'),
      block('c', `${LONG} ${SEMICOLON}`, 'codeBlock'),
      block('q', EXCLAIM, 'blockquote'),
      block('t', DIRECT, 'title'),
      block('k', SEMICOLON, 'inlineCode'),
      block('d', '“Have you ever wondered why the sea looks so grey in winter?” she asked me. “What a wonderful day it was for all of us!”'),
      block('s', 'Wow! Really; you?'),
    ];
    const { findings, ownShare } = offVoiceFindings({ blocks, profile: PROFILE });
    expect(findings).toEqual([]);
    expect(ownShare).toBeNull();
  });

  it('does not judge the marks and pronouns of words quoted inside the author’s own sentence', () => {
    const text = 'My brother stood by the old sign on the harbour wall that read “Are you lost?” and laughed at it for a while.';
    expect(offVoiceFindings({ blocks: [block('b1', text)], profile: PROFILE }).findings).toEqual([]);
  });

  it('gives the share of scorable sentences that read as the author’s own', () => {
    const blocks = [block('a', OWN.slice(0, 4).join(' ')), block('b', `${OWN.slice(4).join(' ')} ${SEMICOLON} ${FORMAL}`)];
    const { findings, ownShare } = offVoiceFindings({ blocks, profile: PROFILE });
    expect(findings).toHaveLength(2);
    expect(ownShare).toBeCloseTo(10 / 12, 5);
  });

  it('has no share under five scorable sentences, and nothing from an empty profile', () => {
    expect(offVoiceFindings({ blocks: [block('a', OWN.slice(0, 4).join(' '))], profile: PROFILE }).ownShare).toBeNull();
    const empty: VoiceStats = { ...PROFILE, words: 0, sentences: 0 };
    expect(offVoiceFindings({ blocks: [block('a', `${OWN.join(' ')} ${LONG}`)], profile: empty })).toEqual({ findings: [], ownShare: null });
  });

  it('reads only fields VoiceStats has, and works without function-word rates', () => {
    const { functionWordsPer1000Words: _unused, ...older } = PROFILE;
    const profile = strict(older, voiceStatsSchema.shape as Record<string, unknown>);
    const { findings } = offVoiceFindings({ blocks: [block('b1', [...OWN, LONG, SEMICOLON, FORMAL, EXCLAIM, DIRECT].join(' '))], profile });
    expect(findings).toHaveLength(5);
  });

  it('flags on length alone from 52 words, and a never-used mark alone up to 12 words (docs/CHECKS.md)', () => {
    const plain = (n: number, mark = '') => {
      const w = Array.from({ length: n }, (_, i) => ['the', 'boat', 'and', 'net'][i % 4]!);
      if (mark) w[1] += mark;
      return `${w.join(' ')}.`;
    };
    const flagged = (text: string) => offVoiceFindings({ blocks: [block('b', text)], profile: PROFILE }).findings.length === 1;
    expect([flagged(plain(51)), flagged(plain(52))]).toEqual([false, true]);
    expect([flagged(plain(12, ';')), flagged(plain(13, ';'))]).toEqual([true, false]);
  });

  it('documents its threshold and the message for an unanalysed voice', () => {
    expect(OFF_VOICE_THRESHOLD).toBe(3);
    expect(VOICE_NOT_ANALYZED_MESSAGE).toBe('Analyze your voice (Voice panel) to find sentences that read unlike you.');
  });

  it('runs over 50,000 words in well under the checks’ 300 ms (CPU time: the machine may be busy)', () => {
    const text = [...OWN, LONG, SEMICOLON].join(' ');
    const copies = Math.ceil(50_000 / words(text).length);
    const blocks = Array.from({ length: copies }, (_, i) => block(`b${i}`, text));
    const start = process.cpuUsage();
    const { findings } = offVoiceFindings({ blocks, profile: PROFILE });
    const used = process.cpuUsage(start);
    expect((used.user + used.system) / 1000).toBeLessThan(300);
    expect(findings).toHaveLength(2 * copies);
  });
});
