/** A passage should hold a thought or two: long enough to carry meaning, short enough to point at one place. */
export const PASSAGE_MIN_WORDS = 200;
export const PASSAGE_MAX_WORDS = 400;
/** Words a passage repeats from the end of the one before, so an idea cut at a border is still found whole. */
export const PASSAGE_OVERLAP_WORDS = 50;

/** A stretch of a document's plain text: `text` is exactly `source.slice(offset, offset + text.length)`. */
export interface Passage {
  offset: number;
  text: string;
}

interface Unit {
  start: number;
  end: number;
  words: number;
  /** The first unit of a paragraph: a good place to start a new passage. */
  opensParagraph: boolean;
}

const countWords = (text: string): number => (text.match(/\S+/g) ?? []).length;

/** Non-empty spans matched by `pattern` in `text` from `base`, trimmed of surrounding white space. */
function spans(text: string, pattern: RegExp, base: number): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (!body) continue;
    const start = base + (match.index ?? 0) + lead;
    found.push({ start, end: start + body.length });
  }
  return found;
}

/** A paragraph as one unit, or cut at sentence ends (and a sentence too long at word ends) when it is longer than a passage. */
function unitsOf(source: string, paragraph: { start: number; end: number }): Unit[] {
  const text = source.slice(paragraph.start, paragraph.end);
  const words = countWords(text);
  if (words <= PASSAGE_MAX_WORDS) return [{ ...paragraph, words, opensParagraph: true }];
  const units: Unit[] = [];
  for (const sentence of spans(text, /[^.!?…]+(?:[.!?…]+["'”’)\]]*|$)/g, paragraph.start)) {
    const sentenceText = source.slice(sentence.start, sentence.end);
    const sentenceWords = countWords(sentenceText);
    if (sentenceWords <= PASSAGE_MAX_WORDS) {
      units.push({ ...sentence, words: sentenceWords, opensParagraph: false });
      continue;
    }
    // A run-on "sentence" (a list, a table pasted as text) is cut every PASSAGE_MIN_WORDS words.
    const wordSpans = spans(sentenceText, /\S+/g, sentence.start);
    for (let i = 0; i < wordSpans.length; i += PASSAGE_MIN_WORDS) {
      const chunk = wordSpans.slice(i, i + PASSAGE_MIN_WORDS);
      units.push({ start: chunk[0]!.start, end: chunk.at(-1)!.end, words: chunk.length, opensParagraph: false });
    }
  }
  if (units[0]) units[0].opensParagraph = true;
  return units;
}

/**
 * Splits a document's plain text into passages of about PASSAGE_MIN_WORDS–PASSAGE_MAX_WORDS words:
 * short paragraphs are merged, a paragraph longer than a passage is cut at sentence ends, a passage
 * ends at a paragraph border once it has enough words, and each passage after the first repeats
 * up to PASSAGE_OVERLAP_WORDS words (whole units) of the one before.
 */
export function splitPassages(source: string): Passage[] {
  const units = spans(source, /[^\n]+/g, 0).flatMap((paragraph) => unitsOf(source, paragraph));
  const passages: Passage[] = [];
  let first = 0;
  while (first < units.length) {
    let last = first;
    let words = units[first]!.words;
    while (last + 1 < units.length) {
      const next = units[last + 1]!;
      if (words + next.words > PASSAGE_MAX_WORDS) break;
      if (next.opensParagraph && words >= PASSAGE_MIN_WORDS) break;
      last += 1;
      words += next.words;
    }
    const start = units[first]!.start;
    const end = units[last]!.end;
    passages.push({ offset: start, text: source.slice(start, end) });
    if (last + 1 >= units.length) break;
    // Step back over whole trailing units for the overlap, but always move forward.
    let nextFirst = last + 1;
    let overlap = 0;
    while (nextFirst - 1 > first && overlap + units[nextFirst - 1]!.words <= PASSAGE_OVERLAP_WORDS) {
      nextFirst -= 1;
      overlap += units[nextFirst]!.words;
    }
    first = nextFirst;
  }
  return passages;
}
