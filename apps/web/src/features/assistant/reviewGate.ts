import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import type { SuggestionTarget } from './nodes';
import type { PreviewState } from './preview';

/**
 * The small part of "Reviewing a rewrite" (docs/ASSISTANT.md) that sits in the editor's first
 * load: whether a suggestion is reviewed change by change, and the hook Accept applies the review
 * through. The review itself (the diff, its decorations and controls) loads when first needed.
 */

/** A sentence ends at . ! ? or … (closing quotes and brackets after it), then space and a capital or a digit. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

/** How many sentences a text holds (a text without an end mark is one). */
export function sentenceCount(text: string): number {
  if (!text.trim()) return 0;
  return (text.match(SENTENCE_END)?.length ?? 0) + 1;
}

/**
 * Whether a ready suggestion is shown as a word-level difference to review: a rewrite replacing
 * its selected stretches one by one that replaces more than a sentence in all (one long stretch,
 * or a sentence in each of several paragraphs). A one-sentence rewrite, an insertion, or a
 * rewrite whose paragraph count differs keeps the whole-suggestion look.
 */
export function isReviewable({
  editor,
  suggestion,
  preview,
}: {
  editor: Editor;
  suggestion: { phase: string; operationType: string; orphan: boolean; paragraphs: string[] };
  preview: PreviewState | null;
}): boolean {
  if (suggestion.phase !== 'ready' || suggestion.operationType !== 'rewrite' || suggestion.orphan || !preview) return false;
  const { target } = preview;
  if (target.kind !== 'text' || target.ranges.length !== suggestion.paragraphs.length) return false;
  const { doc } = editor.state;
  const sentences = target.ranges.filter((r) => r.to <= doc.content.size).map((r) => sentenceCount(doc.textBetween(r.from, r.to, '\n', '\n')));
  return sentences.reduce((sum, n) => sum + n, 0) > 1;
}

/** Applies an open review's decisions in `tr` and answers where the caret goes. */
export type ReviewApplier = (tr: Transaction, target: SuggestionTarget) => number;

const appliers = new WeakMap<Editor, ReviewApplier>();

/** Registers (or, with null, removes) the open review's applier for this editor. */
export function setReviewApplier(editor: Editor, applier: ReviewApplier | null): void {
  if (applier) appliers.set(editor, applier);
  else appliers.delete(editor);
}

/** The open review's applier, which Accept uses instead of replacing the text whole. */
export function reviewApplier(editor: Editor): ReviewApplier | null {
  return appliers.get(editor) ?? null;
}
