import type { Node as PmNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { Mappable } from '@tiptap/pm/transform';
import type { WordChange } from '@bree/editor';
import type { TextRange } from '../nodes';

/**
 * One change of a reviewed rewrite (docs/ASSISTANT.md "Reviewing a rewrite"): a run of deleted and
 * inserted words between two shared ones. [from, to) is the deleted text in the document (from ===
 * to for a pure insertion, the place the new words go).
 */
export interface ReviewChange {
  part: number;
  from: number;
  to: number;
  deleted: string;
  inserted: string;
}

/** What the writer chose for a change; 'pending' until they choose. */
export type Decision = 'pending' | 'accepted' | 'rejected';

/** A word-level difference function (`diffWords` from '@bree/editor'), injected so tests can pin one. */
export type DiffFn = (before: string, after: string) => WordChange[];

/**
 * The changes of a rewrite whose ranges are replaced one by one by `paragraphs`: each range's text
 * is diffed against its new text, and every run between shared words becomes one change at its
 * place in the document. Null when a range's text is not one character per position (the diff
 * could not be placed), or the counts differ.
 */
export function buildChanges({
  doc,
  ranges,
  paragraphs,
  diff,
}: {
  doc: PmNode;
  ranges: readonly TextRange[];
  paragraphs: readonly string[];
  diff: DiffFn;
}): ReviewChange[] | null {
  if (ranges.length !== paragraphs.length) return null;
  const changes: ReviewChange[] = [];
  for (let part = 0; part < ranges.length; part++) {
    const { from, to } = ranges[part]!;
    const before = doc.textBetween(from, to, '\n', '\n');
    if (before.length !== to - from) return null;
    let pos = from;
    let open: ReviewChange | null = null;
    for (const run of diff(before, paragraphs[part]!)) {
      if (run.kind === 'same') {
        open = null;
        pos += run.text.length;
        continue;
      }
      if (!open) {
        open = { part, from: pos, to: pos, deleted: '', inserted: '' };
        changes.push(open);
      }
      if (run.kind === 'delete') {
        open.deleted += run.text;
        pos += run.text.length;
        open.to = pos;
      } else open.inserted += run.text;
    }
  }
  return changes;
}

/** The changes moved through edits made while the review is open (a deletion keeps to what is left of it). */
export function mapChanges(changes: readonly ReviewChange[], mapping: Mappable): ReviewChange[] {
  return changes.map((c) => {
    const from = mapping.map(c.from, 1);
    return { ...c, from, to: Math.max(from, mapping.map(c.to, -1)) };
  });
}

/**
 * Applies the decisions in `tr`, the last change first so earlier positions stay valid: an
 * accepted change replaces its deleted words by its inserted ones, a rejected one leaves the text
 * as it is. Pending changes count as `pendingAs` (Accept: accepted). Only the accepted inserted
 * words are new text, so `markInsertedAsAi` after it marks exactly those.
 */
export function applyDecisions({
  tr,
  changes,
  decisions,
  pendingAs = 'accepted',
}: {
  tr: Transaction;
  changes: readonly ReviewChange[];
  decisions: readonly Decision[];
  pendingAs?: 'accepted' | 'rejected';
}): void {
  for (let i = changes.length - 1; i >= 0; i--) {
    const decision = decisions[i] === 'pending' ? pendingAs : decisions[i];
    if (decision !== 'accepted') continue;
    const { from, to, inserted } = changes[i]!;
    if (inserted) tr.insertText(inserted, from, to);
    else if (from < to) tr.delete(from, to);
  }
}

/** The text of one part after the decisions (what the document will hold there), from its diff. */
export function decidedText({
  runs,
  decisions,
  pendingAs = 'accepted',
}: {
  runs: readonly WordChange[];
  decisions: readonly Decision[];
  pendingAs?: 'accepted' | 'rejected';
}): string {
  let out = '';
  let index = -1;
  let inChange = false;
  for (const run of runs) {
    if (run.kind === 'same') {
      inChange = false;
      out += run.text;
      continue;
    }
    if (!inChange) {
      index += 1;
      inChange = true;
    }
    const d = decisions[index] === 'pending' || decisions[index] === undefined ? pendingAs : decisions[index];
    if ((run.kind === 'insert') === (d === 'accepted')) out += run.text;
  }
  return out;
}

/** The next (or previous) undecided change after `from`, going round; -1 when none is left. */
export function nextPending({ decisions, from, step }: { decisions: readonly Decision[]; from: number; step: 1 | -1 }): number {
  const n = decisions.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (decisions[i] === 'pending') return i;
  }
  return -1;
}

/** Whether every change has been decided (the review is then applied). */
export function allDecided(decisions: readonly Decision[]): boolean {
  return decisions.every((d) => d !== 'pending');
}
