import type { CheckFinding } from '@bree/contracts';
import { CLICHES } from './cliches';
import { shown, wordsFinding, makeFinding, type RuleInput } from './finding';
import { adjacent, type Sentence, type Token } from './text';
import {
  BE_FORMS,
  FILLER_WORDS,
  HEDGE_PHRASES,
  IRREGULAR_PARTICIPLES,
  KIND_OF_DETERMINERS,
  NOT_PARTICIPLES,
  PASSIVE_GAP,
  STATE_PARTICIPLES,
} from './wordLists';

/**
 * The word and phrase rules (docs/CHECKS.md "Local checks"): passive voice, fillers, hedges and
 * clichés. None of them looks inside quotation marks: dialogue is the character's voice.
 */
export function phraseFindings(input: RuleInput): CheckFinding[] {
  const { read, enabled } = input;
  const findings: CheckFinding[] = [];
  for (const sentence of read.sentences) {
    if (enabled.has('passive-voice')) findings.push(...passives(input, sentence));
    if (enabled.has('filler-word')) findings.push(...fillers(input, sentence));
    if (enabled.has('hedge-word')) findings.push(...hedges(input, sentence));
  }
  if (enabled.has('cliche')) findings.push(...cliches(input));
  return findings;
}

function isParticiple(word: string): boolean {
  if (IRREGULAR_PARTICIPLES.has(word)) return true;
  return word.length >= 5 && word.endsWith('ed') && !NOT_PARTICIPLES.has(word);
}

/**
 * 'to be' + past participle, with at most a few adverbs between ('was never seen', 'is being
 * built'). A participle that usually names a state ('was tired', 'is interested in') counts only
 * with a 'by' after it; an -ed word that is no participle ('is red') never counts.
 */
function passives(input: RuleInput, sentence: Sentence): CheckFinding[] {
  const { text } = input.read;
  const tokens = sentence.tokens;
  const findings: CheckFinding[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const be = tokens[k]!;
    if (be.quoted || !BE_FORMS.has(be.lower)) continue;
    let j = k + 1;
    while (j < tokens.length && j - k <= 4 && adjacent(text, tokens[j - 1]!, tokens[j]!) && (PASSIVE_GAP.has(tokens[j]!.lower) || isManner(tokens[j]!.lower)))
      j++;
    const verb = tokens[j];
    if (!verb || verb.quoted || !adjacent(text, tokens[j - 1]!, verb) || !isParticiple(verb.lower)) continue;
    const next = tokens[j + 1];
    if (STATE_PARTICIPLES.has(verb.lower) && next?.lower !== 'by') continue;
    findings.push(
      wordsFinding({
        rule: 'passive-voice',
        block: input.block,
        first: be,
        last: verb,
        message: `Passive voice: ${shown(text.slice(be.from, verb.to))}`,
        detail:
          "Here the subject receives the action. If who acts matters, try naming them first ('The storm took the pier', not 'The pier was taken by the storm'); the passive is right when the actor is unknown or beside the point.",
      }),
    );
    k = j;
  }
  return findings;
}

function isManner(word: string): boolean {
  return word.length > 4 && word.endsWith('ly');
}

function fillers(input: RuleInput, sentence: Sentence): CheckFinding[] {
  return sentence.tokens
    .filter((t) => !t.quoted && FILLER_WORDS.has(t.lower))
    .map((t) =>
      wordsFinding({
        rule: 'filler-word',
        block: input.block,
        first: t,
        last: t,
        message: `Filler: ${shown(t.text)}`,
        detail: `${shown(t.lower)} rarely adds what the sentence does not already say. Read it without the word; if nothing is lost, cut it, or choose one stronger word instead.`,
      }),
    );
}

/** Hedges: single words and phrases of neighbouring words; 'a kind of bird' is a noun, not a hedge. */
function hedges(input: RuleInput, sentence: Sentence): CheckFinding[] {
  const { text } = input.read;
  const tokens = sentence.tokens;
  const findings: CheckFinding[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const match = longestHedge(text, tokens, k);
    if (!match) continue;
    const last = tokens[k + match.length - 1]!;
    const phrase = text.slice(tokens[k]!.from, last.to);
    findings.push(
      wordsFinding({
        rule: 'hedge-word',
        block: input.block,
        first: tokens[k]!,
        last,
        message: `Hedge: ${shown(phrase)}`,
        detail: `${shown(phrase.toLowerCase())} softens the claim. If you mean it, say it plainly; keep the hedge where the doubt is real.`,
      }),
    );
    k += match.length - 1;
  }
  return findings;
}

function longestHedge(text: string, tokens: Token[], k: number): string[] | null {
  let best: string[] | null = null;
  for (const phrase of HEDGE_PHRASES) {
    if (best && phrase.length <= best.length) continue;
    if (phrase[0] !== tokens[k]!.lower) continue;
    let ok = true;
    for (let m = 0; m < phrase.length && ok; m++) {
      const t = tokens[k + m];
      ok = !!t && !t.quoted && t.lower === phrase[m] && (m === 0 || adjacent(text, tokens[k + m - 1]!, t));
    }
    if (ok && phrase[1] === 'of' && k > 0 && KIND_OF_DETERMINERS.has(tokens[k - 1]!.lower)) ok = false;
    if (ok) best = phrase;
  }
  return best;
}

const patterns = new Map<string, RegExp>();

/** One pattern for the repository's clichés and the author's own, longest first, on word boundaries. */
function clichePattern(extra: readonly string[]): RegExp {
  const key = extra.join('\n');
  const cached = patterns.get(key);
  if (cached) return cached;
  const phrases = [...new Set([...CLICHES, ...extra.map((c) => c.trim().toLowerCase())].filter((c) => c.length >= 2))];
  phrases.sort((a, b) => b.length - a.length);
  const body = phrases
    .map((p) =>
      p
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/['’]/g, "['’]")
        .replace(/\s+/g, '\\s+'),
    )
    .join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'giu');
  if (patterns.size > 20) patterns.clear();
  patterns.set(key, pattern);
  return pattern;
}

function cliches(input: RuleInput): CheckFinding[] {
  const { text } = input.read;
  const mask = input.read.quoted;
  const findings: CheckFinding[] = [];
  for (const match of text.matchAll(clichePattern(input.settings.extraCliches))) {
    if (mask[match.index] === 1) continue;
    findings.push(
      makeFinding({
        rule: 'cliche',
        block: input.block,
        from: match.index,
        to: match.index + match[0].length,
        message: `Cliché: ${shown(match[0])}`,
        detail: 'A phrase worn so smooth that readers slide past it. Say the thing in your own words, or with a detail only this scene has.',
      }),
    );
  }
  return findings;
}
