import type { CheckFinding } from '@bree/contracts';
import { makeFinding, shown, wordsFinding, type RuleInput } from './finding';
import type { Sentence, Token } from './text';
import { COMMON_OPENINGS, NOT_REPETITION } from './wordLists';

/**
 * The sentence rules (docs/CHECKS.md "Local checks"): long sentences, and words and openings
 * repeated in nearby sentences. Repetition looks back across consecutive paragraphs: `previous`
 * holds the last sentences before this block (empty after a heading, a list or code).
 */
export function sentenceFindings({
  input,
  previous,
  names,
}: {
  input: RuleInput;
  previous: Sentence[];
  /** Words written with a capital inside sentences: names, whose repeats are normal. */
  names: ReadonlySet<string>;
}): CheckFinding[] {
  const { block, read, settings, enabled } = input;
  const findings: CheckFinding[] = [];
  const flow = [...previous, ...read.sentences];
  for (let i = previous.length; i < flow.length; i++) {
    const sentence = flow[i]!;
    if (enabled.has('long-sentence')) {
      const count = sentence.tokens.length;
      // A speech entirely inside quotation marks is the character's voice, long or not.
      if (count > settings.longSentenceWords && sentence.tokens.some((t) => !t.quoted)) {
        findings.push(
          makeFinding({
            rule: 'long-sentence',
            block,
            from: sentence.from,
            to: sentence.to,
            message: `Long sentence: ${count} words`,
            detail: `Over your limit of ${settings.longSentenceWords} words. A long sentence can be the right rhythm; if this one is hard to follow, try splitting it where the thought turns.`,
          }),
        );
      }
    }
    if (enabled.has('repeated-word')) findings.push(...repeatedWords({ input, sentence, before: flow[i - 1], names }));
    if (enabled.has('repeated-opening')) {
      const opening = repeatedOpening({ input, sentence, p1: flow[i - 1], p2: flow[i - 2] });
      if (opening) findings.push(opening);
    }
  }
  return findings;
}

/** The sentences that the next block's repetition rules look back on. */
export function lastSentences(sentences: Sentence[]): Sentence[] {
  return sentences.slice(-2);
}

function isContent(token: Token, names: ReadonlySet<string>): boolean {
  return !token.quoted && token.lower.length >= 4 && !NOT_REPETITION.has(token.lower) && !names.has(token.lower);
}

/** Content words used again in the same sentence or the one before (each word once per sentence). */
function repeatedWords({
  input,
  sentence,
  before,
  names,
}: {
  input: RuleInput;
  sentence: Sentence;
  before?: Sentence;
  names: ReadonlySet<string>;
}): CheckFinding[] {
  const seen = new Set<string>();
  for (const token of before?.tokens ?? []) if (isContent(token, names)) seen.add(token.lower);
  const flagged = new Set<string>();
  const findings: CheckFinding[] = [];
  for (const token of sentence.tokens) {
    if (!isContent(token, names)) continue;
    if (seen.has(token.lower) && !flagged.has(token.lower)) {
      flagged.add(token.lower);
      findings.push(
        wordsFinding({
          rule: 'repeated-word',
          block: input.block,
          first: token,
          last: token,
          message: `Repeated word: ${shown(token.text)}`,
          detail: `${shown(token.lower)} is used again within two sentences. A close repeat draws the eye; try another word, a pronoun or cutting one, unless the echo is on purpose.`,
        }),
      );
    }
    seen.add(token.lower);
  }
  return findings;
}

/** A sentence's first word, and its first two when only a space separates them; none when it opens in dialogue. */
function opening(sentence?: Sentence): { one: string; two: string | null; first: Token; second: Token | null } | null {
  const [first, second] = sentence?.tokens ?? [];
  if (!sentence || !first || first.quoted) return null;
  const pair = second && !second.quoted && sentence.pairedOpening ? second : null;
  return { one: first.lower, two: pair ? `${first.lower} ${pair.lower}` : null, first, second: pair };
}

/**
 * A sentence opening like one of the two before it: the same two first words, the same first word
 * when it is not an everyday one ('Then… Then…'), or the same everyday word three times running
 * ('She… She… She…'). Two sentences starting 'The' or 'He' are ordinary prose and pass.
 */
function repeatedOpening({ input, sentence, p1, p2 }: { input: RuleInput; sentence: Sentence; p1?: Sentence; p2?: Sentence }): CheckFinding | null {
  const text = input.block.text;
  const own = opening(sentence);
  if (!own) return null;
  // The sentences before may sit in an earlier block: only their words are compared.
  const before = [p1, p2].map(opening);
  let last: Token | null = null;
  if (own.two && before.some((b) => b?.two === own.two)) last = own.second;
  else if (!COMMON_OPENINGS.has(own.one) && before.some((b) => b?.one === own.one)) last = own.first;
  else if (before.every((b) => b?.one === own.one)) last = own.first;
  if (!last) return null;
  return wordsFinding({
    rule: 'repeated-opening',
    block: input.block,
    first: own.first,
    last,
    message: `Repeated opening: ${shown(text.slice(own.first.from, last.to))}`,
    detail:
      'This sentence opens like one just before it. Varied openings keep the rhythm from turning mechanical; try starting with another part of the sentence.',
  });
}
