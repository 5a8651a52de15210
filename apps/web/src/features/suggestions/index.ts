import { lazyPart } from '../../lib/lazy/lazyPart';
import type { Editor } from '@tiptap/core';

/** The review of a document's suggestions, for its owner or an Editor: loaded after the page (docs/PAGE-WEIGHT.md). */
export const SuggestionReview = lazyPart<{ editor: Editor; fileId: string }>('Suggestions', () => import('./SuggestionReview').then((m) => m.SuggestionReview));

/** A Commenter's suggesting mode: loaded after the page. */
export const SuggestingMode = lazyPart<{ editor: Editor; fileId: string; readLatest(): Promise<unknown> }>('Suggesting', () =>
  import('./SuggestingMode').then((m) => m.SuggestingMode),
);
