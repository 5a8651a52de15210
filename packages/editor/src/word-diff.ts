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

/**
 * Sentences (up to and with their end marks, closing quotes and the spaces after them) and line
 * breaks, for the first, coarse pass: a rewrite keeps many sentences whole, so only the stretches
 * between sentences both texts share are diffed word by word.
 */
const SENTENCE = /[^.!?…\n]+(?:[.!?…]+["'”’)\]]*)?[^\S\n]*|[.!?…]+["'”’)\]]*[^\S\n]*|\n+/gu;

/**
 * The most time one difference may take (ms): it runs on the page. Past it diff-match-patch
 * settles for a coarser answer, still exact (docs/ASSISTANT.md "Reviewing a rewrite").
 */
const TIME_LIMIT_MS = 500;

/** First code unit given to a unit of text; the surrogate range is skipped so each is one code unit. */
const FIRST_CODE = 0x100;
const SURROGATES = { from: 0xd800, to: 0xdfff };
const MAX_DISTINCT = 0xffff - FIRST_CODE - (SURROGATES.to - SURROGATES.from + 1);

type Op = typeof DIFF_DELETE | typeof DIFF_INSERT | 0;

/**
 * The difference of two lists of units (sentences or tokens), each distinct unit diffed as one
 * character; answers each run's op and text, or null past the code units there are (a text of
 * over 60,000 different words).
 */
function diffUnits({ before, after, deadline, tidy }: { before: string[]; after: string[]; deadline: number; tidy: boolean }): Array<[Op, string]> | null {
  const codeOf = new Map<string, string>();
  const textOf = new Map<string, string>();
  const encode = (units: string[]): string | null => {
    let out = '';
    for (const unit of units) {
      let code = codeOf.get(unit);
      if (code === undefined) {
        if (codeOf.size >= MAX_DISTINCT) return null;
        const n = FIRST_CODE + codeOf.size;
        code = String.fromCharCode(n >= SURROGATES.from ? n + (SURROGATES.to - SURROGATES.from + 1) : n);
        codeOf.set(unit, code);
        textOf.set(code, unit);
      }
      out += code;
    }
    return out;
  };
  const a = encode(before);
  const b = a === null ? null : encode(after);
  if (a === null || b === null) return null;
  const timeout = Math.max(0.01, (deadline - performance.now()) / 1000);
  const diffs = makeDiff(a, b, { checkLines: false, timeout });
  return (tidy ? cleanupSemantic(diffs) : diffs).map(([op, codes]) => {
    let text = '';
    for (const code of codes) text += textOf.get(code) ?? '';
    return [op as Op, text];
  });
}

/** Appends a run, joining it to the last one of its kind when they touch. */
function push(changes: WordChange[], kind: WordChange['kind'], text: string): void {
  if (!text) return;
  const last = changes[changes.length - 1];
  if (last?.kind === kind) last.text += text;
  else changes.push({ kind, text });
}

/**
 * Appends runs of a diff; the deletions and insertions between two shared runs come out in
 * either order, and each change is written deletion first. `refine` diffs a changed stretch further.
 */
function appendRuns(changes: WordChange[], runs: Array<[Op, string]>, refine: (before: string, after: string) => void): void {
  let deleted = '';
  let inserted = '';
  for (const [op, text] of runs) {
    if (op === DIFF_DELETE) deleted += text;
    else if (op === DIFF_INSERT) inserted += text;
    else {
      refine(deleted, inserted);
      deleted = '';
      inserted = '';
      push(changes, 'same', text);
    }
  }
  refine(deleted, inserted);
}

/** The word-by-word changes of one stretch the sentence pass found different. */
function diffStretch({ changes, before, after, deadline }: { changes: WordChange[]; before: string; after: string; deadline: number }): void {
  const runs = before && after ? diffUnits({ before: before.match(TOKEN) ?? [], after: after.match(TOKEN) ?? [], deadline, tidy: true }) : null;
  if (!runs) {
    push(changes, 'delete', before);
    push(changes, 'insert', after);
    return;
  }
  appendRuns(changes, runs, (deleted, inserted) => {
    push(changes, 'delete', deleted);
    push(changes, 'insert', inserted);
  });
}

/**
 * The word-level difference between two texts (docs/ASSISTANT.md "Reviewing a rewrite"). The
 * 'same' and 'delete' runs joined give `before` exactly; 'same' and 'insert' give `after`. Within
 * a change the deletion comes before the insertion. Sentences both texts keep are found first;
 * the stretches between them are diffed token by token with diff-match-patch (Myers, with a time
 * limit) and tidied, so a change reads as whole phrases rather than a scatter of shared spaces.
 */
export function diffWords(before: string, after: string): WordChange[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const deadline = performance.now() + TIME_LIMIT_MS;
  const changes: WordChange[] = [];
  const refine = (b: string, a: string) => {
    if (b || a) diffStretch({ changes, before: b, after: a, deadline });
  };
  const sentencesBefore = before.match(SENTENCE) ?? [];
  const sentencesAfter = after.match(SENTENCE) ?? [];
  // The sentence pass only where the sentences make up each text exactly (they always should).
  const whole = sentencesBefore.join('') === before && sentencesAfter.join('') === after;
  const coarse = whole ? diffUnits({ before: sentencesBefore, after: sentencesAfter, deadline, tidy: false }) : null;
  if (coarse) appendRuns(changes, coarse, refine);
  else refine(before, after);
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
