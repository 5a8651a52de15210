import { describe, expect, it } from 'vitest';
import { checkFindingId, DEFAULT_CHECK_SETTINGS, LOCAL_CHECK_RULES } from '@bree/contracts';
import type { CheckBlock, CheckFinding, CheckRule, CheckSettings } from '@bree/contracts';
import { runLocalChecks } from './runLocalChecks';

/** The findings of one rule alone (every other rule switched off) over some blocks. */
function only(rule: CheckRule, blocks: CheckBlock[] | string, settings: Partial<CheckSettings> = {}): CheckFinding[] {
  const list = typeof blocks === 'string' ? [{ id: 'b1', type: 'paragraph', text: blocks }] : blocks;
  const disabledRules = LOCAL_CHECK_RULES.filter((r) => r !== rule);
  return runLocalChecks({ blocks: list, settings: { ...DEFAULT_CHECK_SETTINGS, ...settings, disabledRules } });
}
const quotes = (findings: CheckFinding[]) => findings.map((f) => f.quote);
const p = (id: string, text: string, type = 'paragraph'): CheckBlock => ({ id, type, text });

describe('every finding', () => {
  const text = 'The pier was taken by the storm. It was really cold. “It was really cold,” she said.';
  const findings = runLocalChecks({ blocks: [p('b1', text)], settings: DEFAULT_CHECK_SETTINGS });

  it('quotes exactly the words at its offsets and carries the stable id of its rule, block and words', () => {
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.quote).toBe(text.slice(f.from, f.to));
      expect(f.id).toBe(checkFindingId({ rule: f.rule, blockId: 'b1', quote: f.quote }));
      expect(f.message.length).toBeGreaterThan(0);
      expect(f.detail?.length).toBeGreaterThan(0);
    }
    expect(findings.find((f) => f.rule === 'passive-voice')).toMatchObject({ from: 9, to: 18, quote: 'was taken' });
  });

  it('keeps its id when text elsewhere in the block changes', () => {
    const moved = runLocalChecks({ blocks: [p('b1', `Earlier words. ${text}`)], settings: DEFAULT_CHECK_SETTINGS });
    expect(moved.map((f) => f.id)).toEqual(findings.map((f) => f.id));
    expect(moved[0]!.from).toBe(findings[0]!.from + 'Earlier words. '.length);
  });

  it('gives the same words found twice in a block their own ids', () => {
    const twice = only('filler-word', 'It was very cold and very dark.');
    expect(quotes(twice)).toEqual(['very', 'very']);
    expect(twice[1]!.id).toBe(`${twice[0]!.id}~2`);
  });

  it('runs no rule the author switched off, and nothing at all with every rule off', () => {
    const settings = { ...DEFAULT_CHECK_SETTINGS, disabledRules: ['passive-voice', 'filler-word'] as CheckRule[] };
    const rules = runLocalChecks({ blocks: [p('b1', text)], settings }).map((f) => f.rule);
    expect(rules).not.toContain('passive-voice');
    expect(rules).not.toContain('filler-word');
    expect(runLocalChecks({ blocks: [p('b1', text)], settings: { ...DEFAULT_CHECK_SETTINGS, disabledRules: [...LOCAL_CHECK_RULES] } })).toEqual([]);
  });

  it('reads no heading, code or block quote', () => {
    const text = 'The report was written really quickly and was basically sort of finished at the end of the day.';
    for (const type of ['heading', 'codeBlock', 'blockquote']) {
      expect(runLocalChecks({ blocks: [p('h', text, type)], settings: DEFAULT_CHECK_SETTINGS })).toEqual([]);
    }
    expect(runLocalChecks({ blocks: [p('h', text)], settings: DEFAULT_CHECK_SETTINGS }).length).toBeGreaterThan(3);
  });
});

describe('long sentences', () => {
  const long = `${Array.from({ length: 40 }, (_, i) => `w${'x'.repeat(i % 3)}`).join(' ')}.`.replace(/^w/, 'W');

  it('flags a sentence over the limit, names its word count and spans the sentence', () => {
    const text = `Short one. ${long} Short again.`;
    const [finding, ...rest] = only('long-sentence', text);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ message: 'Long sentence: 40 words', from: 11, to: 11 + long.length });
  });

  it('honours the author’s limit', () => {
    expect(only('long-sentence', long, { longSentenceWords: 40 })).toEqual([]);
    expect(only('long-sentence', long, { longSentenceWords: 39 })).toHaveLength(1);
  });

  it('checks list items too, but not a speech wholly inside quotation marks', () => {
    expect(only('long-sentence', [p('li', long, 'listItem')])).toHaveLength(1);
    expect(only('long-sentence', `“${long}”`)).toEqual([]);
  });

  it('does not end a sentence at Mr. or at a mark followed by a lower-case word', () => {
    const text = '“Stop!” she said to Mr. Hale, who was waiting by the door with the others for the ferry that would not come.';
    expect(only('long-sentence', text, { longSentenceWords: 20 })).toHaveLength(1);
  });
});

describe('repeated words', () => {
  it('flags a content word used again in the same or the next sentence, at its second use', () => {
    const text = 'The harbour was quiet. Boats lay in the harbour all night.';
    const [finding, ...rest] = only('repeated-word', text);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ quote: 'harbour', from: text.lastIndexOf('harbour'), message: "Repeated word: 'harbour'" });
  });

  it('looks back into the paragraph just before, not across a heading', () => {
    expect(only('repeated-word', [p('a', 'We walked to the harbour.'), p('b', 'The harbour was empty.')])).toHaveLength(1);
    expect(only('repeated-word', [p('a', 'We walked to the harbour.'), p('h', 'Two', 'heading'), p('b', 'The harbour was empty.')])).toEqual([]);
  });

  it('passes words two sentences apart, short and function words, names and dialogue', () => {
    expect(only('repeated-word', 'The harbour was quiet. Nobody spoke. The harbour slept.')).toEqual([]);
    expect(only('repeated-word', 'The cat and the dog. The cat ran off with that dog.').map((f) => f.quote)).toEqual([]);
    expect(only('repeated-word', 'Anna waited. Then Anna left.')).toEqual([]);
    expect(only('repeated-word', '“The harbour, the harbour!” she cried.')).toEqual([]);
  });
});

describe('repeated openings', () => {
  it('flags an uncommon first word repeated in the next two sentences', () => {
    const text = 'Then the rain came. Then the wind rose.';
    expect(only('repeated-opening', text)).toMatchObject([{ quote: 'Then the', from: 20, message: "Repeated opening: 'Then the'" }]);
    expect(quotes(only('repeated-opening', 'Suddenly it rained. We ran. Suddenly it stopped.'))).toEqual(['Suddenly it']);
    expect(quotes(only('repeated-opening', 'Suddenly it rained. We ran. Suddenly we stopped.'))).toEqual(['Suddenly']);
  });

  it('passes two sentences opening with an everyday word, and flags three in a row or the same two words', () => {
    expect(only('repeated-opening', 'She walked home. She ate.')).toEqual([]);
    expect(quotes(only('repeated-opening', 'She walked home. She ate. She slept.'))).toEqual(['She']);
    expect(quotes(only('repeated-opening', 'She said no. She said it twice.'))).toEqual(['She said']);
  });

  it('does not compare list items with each other, nor dialogue', () => {
    const items = ['Then boil the water.', 'Then add the rice.', 'Then wait.'].map((t, i) => p(`li${i}`, t, 'listItem'));
    expect(only('repeated-opening', items)).toEqual([]);
    expect(only('repeated-opening', '“Then go.” Then she left.')).toEqual([]);
  });
});

describe('passive voice', () => {
  it('flags to be + a past participle, regular or irregular, with adverbs between', () => {
    const text = 'The pier was destroyed. The letters were never written. The house is being built. The door had been firmly shut.';
    expect(quotes(only('passive-voice', text))).toEqual(['was destroyed', 'were never written', 'is being built', 'been firmly shut']);
  });

  it('passes adjectives and states: is red, was tired, was interested in, was used to', () => {
    const text = 'The door is red. He was tired. She was interested in boats. I was used to it. The bed was naked.';
    expect(only('passive-voice', text)).toEqual([]);
  });

  it('counts a state participle with a by after it', () => {
    expect(quotes(only('passive-voice', 'She was frightened by the dog.'))).toEqual(['was frightened']);
  });

  it('does not look inside dialogue, nor across a comma', () => {
    expect(only('passive-voice', '“The boat was stolen,” he said.')).toEqual([]);
    expect(only('passive-voice', 'What it was, painted on the wall, nobody knew.')).toEqual([]);
  });
});

describe('filler and hedge words', () => {
  it('flags fillers outside dialogue only', () => {
    const text = 'It was really cold and I just waited. “I really mean it,” she said.';
    expect(quotes(only('filler-word', text))).toEqual(['really', 'just']);
    expect(only('filler-word', text)[0]!.message).toBe("Filler: 'really'");
  });

  it('flags hedge words and phrases, the longest phrase once', () => {
    const text = 'Perhaps it rained. I think it seems that she was sort of lost, in my opinion.';
    expect(quotes(only('hedge-word', text))).toEqual(['Perhaps', 'I think', 'it seems that', 'sort of', 'in my opinion']);
  });

  it('passes kind of and sort of as nouns, and hedges in dialogue', () => {
    expect(only('hedge-word', 'A kind of bird sang. What sort of man was he? That kind of thing.')).toEqual([]);
    expect(only('hedge-word', '“Maybe, I think,” he said.')).toEqual([]);
  });
});

describe('clichés', () => {
  it('flags a listed cliché, case-insensitive, with its exact offsets', () => {
    const text = 'At the end of the day, we left in the nick of time.';
    const found = only('cliche', text);
    expect(quotes(found)).toEqual(['At the end of the day', 'in the nick of time']);
    expect(found[1]).toMatchObject({ from: text.indexOf('in the nick'), message: "Cliché: 'in the nick of time'" });
  });

  it('matches on word boundaries only, curly apostrophes too', () => {
    expect(only('cliche', 'The crystal clearance sale was on.')).toEqual([]);
    expect(quotes(only('cliche', 'Well, it’s not rocket science.'))).toEqual(['it’s not rocket science']);
  });

  it('adds the author’s own clichés, as whole words', () => {
    const text = 'The ace of spaces. An ace pilot.';
    expect(only('cliche', text)).toEqual([]);
    expect(only('cliche', text, { extraCliches: ['Ace Pilot', 'ace of space'] }).map((f) => [f.quote, f.from])).toEqual([['ace pilot', 22]]);
  });

  it('leaves dialogue alone', () => {
    expect(only('cliche', '“At the end of the day, it is what it is,” he said.')).toEqual([]);
  });
});
