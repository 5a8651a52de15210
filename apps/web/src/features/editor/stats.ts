import { countWords } from '@bree/editor';

export interface DocumentStats {
  words: number;
  characters: number;
  /** Minutes at 200 words a minute, rounded up; at least 1 once there is a word. */
  minRead: number;
  /** Pages of 500 words, rounded up; at least 1 once there is a word. */
  pages: number;
}

/** Counts of the documents panel (docs/PRODUCT.md#editor: words split on whitespace, words/200, words/500). */
export function documentStats(text: string): DocumentStats {
  const words = countWords(text);
  return {
    words,
    characters: text.length,
    minRead: words > 0 ? Math.max(1, Math.ceil(words / 200)) : 0,
    pages: words > 0 ? Math.max(1, Math.ceil(words / 500)) : 0,
  };
}
