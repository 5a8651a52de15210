/**
 * The local checks' reading of one block's plain text (docs/CHECKS.md "Local checks"): its words
 * and sentences with their offsets, and which characters are inside quotation marks (dialogue is
 * the character's voice, so the style rules leave it alone).
 */

/** One word of a block: its offsets in the block's text [from, to), as written and lower-cased. */
export interface Token {
  text: string;
  lower: string;
  from: number;
  to: number;
  /** Inside quotation marks (dialogue or a quotation). */
  quoted: boolean;
}

/** One sentence of a block: its trimmed offsets and its words. */
export interface Sentence {
  from: number;
  to: number;
  tokens: Token[];
  /** Only white space between its first two words (they open it together: 'She said'). */
  pairedOpening: boolean;
}

/** A block's text read once, shared by every rule. */
export interface ReadBlock {
  text: string;
  tokens: Token[];
  sentences: Sentence[];
  /** 1 for each character inside quotation marks (quotedMask). */
  quoted: Uint8Array;
}

// Letters of any script with inner apostrophes ("don't", "O’Brien"); digits are not words.
const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
// A sentence ends at . ! ? or … (repeated), then any closing quotes or brackets, then space or the end.
const SENTENCE_END = /[.!?…]+["”’)\]]*(?=\s|$)/g;
// A full stop after these is not a sentence end ('Mr. Hale', 'e.g. this').
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'prof', 'sr', 'jr', 'vs', 'etc', 'e.g', 'i.e', 'vol', 'fig', 'mt', 'ft']);

/**
 * Marks the characters inside quotation marks: “…” and "…" (a straight quote opens after a space,
 * a bracket, a dash or the start, and closes otherwise), and ‘…’ when the ‘ opens a word and the ’
 * ends one (so the apostrophes of "don't" and "the dogs’ bowls" open nothing). A quote left open
 * runs to the end of the block, as a speech running on into the next paragraph does in fiction.
 */
export function quotedMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length);
  let open: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const before = i === 0 ? ' ' : text[i - 1]!;
    const after = i + 1 < text.length ? text[i + 1]! : ' ';
    const opensHere = /[\s([{—–-]/.test(before);
    if (open === null) {
      if (c === '“' || (c === '"' && opensHere) || (c === '‘' && opensHere)) {
        open = c === '“' ? '”' : c === '‘' ? '’' : '"';
        start = i;
      }
    } else if (c === open && (open !== '’' || !/\p{L}/u.test(after))) {
      mask.fill(1, start, i + 1);
      open = null;
    }
  }
  if (open !== null) mask.fill(1, start, text.length);
  return mask;
}

/** Whether a full stop at `end` closes an abbreviation or an initial ('J. Smith') rather than a sentence. */
function isAbbreviation(text: string, end: number): boolean {
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, end - 12), end))?.[1] ?? '';
  const word = before.replace(/\.$/, '').toLowerCase();
  return ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(before.replace(/\.$/, ''));
}

/** The sentences of a block's text, trimmed, with offsets: 'Go!' she said. stays one sentence. */
export function sentenceRanges(text: string): Array<{ from: number; to: number }> {
  const ranges: Array<{ from: number; to: number }> = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    const next = /\S/.exec(text.slice(end, end + 40));
    // A lower-case word after the mark continues the sentence (“Go!” she said.); so does an abbreviation.
    if (next && /\p{Ll}/u.test(next[0])) continue;
    if (match[0].startsWith('.') && match[0].length === 1 && isAbbreviation(text, match.index)) continue;
    ranges.push({ from: start, to: end });
    start = end;
  }
  ranges.push({ from: start, to: text.length });
  return ranges.map(trim).filter((r) => r.to > r.from);

  function trim({ from, to }: { from: number; to: number }) {
    while (from < to && /\s/.test(text[from]!)) from++;
    while (to > from && /\s/.test(text[to - 1]!)) to--;
    return { from, to };
  }
}

/** Reads a block's text into words and sentences, once, for every rule. */
export function readBlock(text: string): ReadBlock {
  const mask = quotedMask(text);
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const from = match.index;
    tokens.push({ text: match[0], lower: match[0].toLowerCase().replace(/’/g, "'"), from, to: from + match[0].length, quoted: mask[from] === 1 });
  }
  const sentences: Sentence[] = [];
  let k = 0;
  for (const range of sentenceRanges(text)) {
    const own: Token[] = [];
    while (k < tokens.length && tokens[k]!.from < range.to) {
      if (tokens[k]!.from >= range.from) own.push(tokens[k]!);
      k++;
    }
    if (own.length > 0) sentences.push({ ...range, tokens: own, pairedOpening: own.length > 1 && adjacent(text, own[0]!, own[1]!) });
  }
  return { text, tokens, sentences, quoted: mask };
}

/** Whether only white space separates two neighbouring words (no comma or dash between them). */
export function adjacent(text: string, left: Token, right: Token): boolean {
  for (let i = left.to; i < right.from; i++) if (!/\s/.test(text[i]!)) return false;
  return true;
}
