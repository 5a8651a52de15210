import { fitName } from '@bree/contracts';

/**
 * Where a too-long first line is cut to name a document (docs/SAVING.md "Naming from the first
 * line"): at the end of a sentence, else of a clause, else after a whole word — and never on a
 * word that leaves the phrase hanging ('…rocked gently and the').
 */

/**
 * Words a name must not end on: articles, conjunctions, prepositions, determiners and
 * possessives, auxiliaries and subject pronouns. Adverb-like particles ('out', 'up', 'off',
 * 'down') are left out: 'We set out' is a finished phrase.
 */
export const TRAILING_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor so yet for because although though while whereas if unless until than as that whether when where ' +
    'which who whom whose of in on at to by with from into onto over under about above across after against along among around ' +
    'before behind below beneath beside besides between beyond during except inside near outside past through throughout toward ' +
    'towards upon within without via per like my your his her its our their this these those some any every each no ' +
    'am is are was were be been being has have had do does did will would shall should can could may might must not ' +
    "i we he she they very quite rather too also just i'm it's we're they're"
  ).split(' '),
);

/** A sentence ends at . ! ? … (before a space), or at CJK full stops, which need none. */
const SENTENCE_END = /[.!?…](?=["'”’)\]]*\s)|[。！？]/gu;
/** A clause ends at , ; : or a closing bracket before a space, a dash between spaces, or CJK commas. */
const CLAUSE_END = /[,;:)\]](?=\s)|\s[—–-](?=\s)|[、，；：]/gu;
/** What a cut must not leave at the end: spaces, pauses, dashes and opening brackets or quotes. */
const DANGLING = /[\s.,;:—–\-([{“‘"«]+$/u;

/** A cut must keep at least this share of the limit, or a later, shorter boundary is tried. */
const MIN_SHARE = 1 / 3;

/** The end (UTF-16 index, exclusive) of the last match of `pattern` in `head` that keeps at least `min` characters. */
function lastBoundary({ head, pattern, min, keepMark }: { head: string; pattern: RegExp; min: number; keepMark: (mark: string) => boolean }): number | null {
  let best: number | null = null;
  for (const match of head.matchAll(pattern)) {
    const mark = match[0];
    // A spaced dash ends the name before its space; '?', '!' and ')' belong to the name, a full stop or comma does not.
    const end = /^\s/u.test(mark) ? match.index : match.index + (keepMark(mark) ? mark.length : 0);
    if (Array.from(head.slice(0, end)).length >= min) best = end;
  }
  return best;
}

/** Cuts before an opening bracket the name never closes, when that keeps at least `min` characters. */
function closeBrackets({ name, min }: { name: string; min: number }): string {
  const open = Math.max(name.lastIndexOf('('), name.lastIndexOf('['));
  if (open < 0 || /[)\]]/u.test(name.slice(open))) return name;
  const before = name.slice(0, open).trimEnd();
  return Array.from(before).length >= min ? before : name;
}

/** Drops trailing function words and dangling punctuation, as long as a word that is not one remains. */
function trimHanging(name: string): string {
  let words = name.replace(DANGLING, '').split(' ');
  const hangs = (word: string) => TRAILING_FUNCTION_WORDS.has(word.toLowerCase().replace(/’/g, "'"));
  if (words.every(hangs)) return name.replace(DANGLING, '');
  while (words.length > 1 && hangs(words[words.length - 1]!)) {
    words = words.slice(0, -1);
    words = words.join(' ').replace(DANGLING, '').split(' ');
  }
  return words.join(' ');
}

/**
 * The start of `text` a name keeps, at most `max` characters (code points): all of it when it
 * fits; else up to the last sentence end, else clause end, that keeps at least a third of the
 * limit; else up to the last whole word; then without trailing function words or dangling
 * punctuation. A first word longer than the limit is cut at the limit, between graphemes.
 */
export function cutAtPhrase({ text, max }: { text: string; max: number }): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  // One character more than the limit, so a boundary right at the limit is seen.
  const head = points.slice(0, max + 1).join('');
  const within = (end: number) => Array.from(head.slice(0, end)).length <= max;
  const min = Math.ceil(max * MIN_SHARE);
  for (const [pattern, keepMark] of [
    [SENTENCE_END, (mark: string) => mark === '?' || mark === '!' || mark === '？' || mark === '！'],
    [CLAUSE_END, (mark: string) => mark === ')' || mark === ']'],
  ] as const) {
    const end = lastBoundary({ head, pattern, min, keepMark });
    if (end !== null && within(end)) return trimHanging(head.slice(0, end).trimEnd());
  }
  const space = head.lastIndexOf(' ');
  if (space > 0) return trimHanging(closeBrackets({ name: head.slice(0, space), min }));
  return fitName(text, max);
}
