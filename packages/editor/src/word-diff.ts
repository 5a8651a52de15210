import { DIFF_DELETE, DIFF_INSERT, cleanupSemantic, makeDiff } from '@sanity/diff-match-patch';

/** One run of a word-level difference: text both share, text only the new one has, or text it dropped. */
export interface WordChange {
  kind: 'same' | 'insert' | 'delete';
  text: string;
}

/**
 * Words (letters and digits, with the apostrophes and hyphens inside them), runs of whitespace,
 * and each other character (punctuation) on its own: a change never cuts a word in two, and a
 * comma added after a word is a change of the comma alone.
 */
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|\s+|[^\s\p{L}\p{M}\p{N}]/gu;

/** The most time the diff may take before it settles for a coarser answer (seconds): it runs on the page. */
const DIFF_TIMEOUT_S = 0.1;

/** First code unit given to a token; the surrogate range is skipped so every token is one unit. */
const FIRST_UNIT = 0x100;
const SURROGATES = { from: 0xd800, to: 0xdfff };

function unitFor(index: number): string {
  const unit = FIRST_UNIT + index;
  return String.fromCharCode(unit >= SURROGATES.from ? unit + (SURROGATES.to - SURROGATES.from + 1) : unit);
}

/** Token lists of both texts as strings of one code unit per distinct token, and the tokens by unit. */
function encode(before: string, after: string): { a: string; b: string; tokenOf: Map<string, string> } | null {
  const unitOf = new Map<string, string>();
  const tokenOf = new Map<string, string>();
  const maxTokens = 0xffff - FIRST_UNIT - (SURROGATES.to - SURROGATES.from + 1);
  const encodeText = (text: string): string | null => {
    let out = '';
    for (const token of text.match(TOKEN) ?? []) {
      let unit = unitOf.get(token);
      if (unit === undefined) {
        if (unitOf.size >= maxTokens) return null;
        unit = unitFor(unitOf.size);
        unitOf.set(token, unit);
        tokenOf.set(unit, token);
      }
      out += unit;
    }
    return out;
  };
  const a = encodeText(before);
  const b = a === null ? null : encodeText(after);
  return a === null || b === null ? null : { a, b, tokenOf };
}

/** Appends a run, joining it to the last one of its kind when they touch. */
function push(changes: WordChange[], kind: WordChange['kind'], text: string): void {
  if (!text) return;
  const last = changes[changes.length - 1];
  if (last?.kind === kind) last.text += text;
  else changes.push({ kind, text });
}

/**
 * The word-level difference between two texts (docs/ASSISTANT.md "Reviewing a rewrite"). The
 * 'same' and 'delete' runs joined give `before` exactly; 'same' and 'insert' give `after`. Within
 * a change the deletion comes before the insertion. Tokens are diffed as single characters with
 * diff-match-patch (Myers with a time limit), then tidied so a change reads as whole phrases
 * rather than a scatter of shared spaces and short words.
 */
export function diffWords(before: string, after: string): WordChange[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const encoded = encode(before, after);
  // More distinct tokens than code units (a text of over 60,000 different words): one change.
  if (!encoded) {
    const whole: WordChange[] = [];
    push(whole, 'delete', before);
    push(whole, 'insert', after);
    return whole;
  }
  const diffs = cleanupSemantic(makeDiff(encoded.a, encoded.b, { checkLines: false, timeout: DIFF_TIMEOUT_S }));
  const changes: WordChange[] = [];
  // Deletions and insertions between two shared runs come out in either order: deletions first.
  let deleted = '';
  let inserted = '';
  const flush = () => {
    push(changes, 'delete', deleted);
    push(changes, 'insert', inserted);
    deleted = '';
    inserted = '';
  };
  for (const [op, units] of diffs) {
    let text = '';
    for (const unit of units) text += encoded.tokenOf.get(unit) ?? '';
    if (op === DIFF_DELETE) deleted += text;
    else if (op === DIFF_INSERT) inserted += text;
    else {
      flush();
      push(changes, 'same', text);
    }
  }
  flush();
  return changes;
}

/** The number of changes a reader sees: each stretch of deletions and insertions between shared text. */
export function countChanges(changes: readonly WordChange[]): number {
  let count = 0;
  let inChange = false;
  for (const change of changes) {
    if (change.kind === 'same') inChange = false;
    else if (!inChange) {
      count += 1;
      inChange = true;
    }
  }
  return count;
}
