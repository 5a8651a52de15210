import { displayName, type SearchPassage, type SearchResponse, type SearchResult } from '@bree/contracts';
import { MARK_END, MARK_START, type SearchFileRow } from './search.text';

const TAGS = ['Human', 'AI-Assisted', 'AI'] as const;

/**
 * ts_headline's marked passage as plain text and [start, end) ranges (UTF-16, as the browser
 * counts); the passage is never sent as HTML, so nothing in a document can become markup.
 */
export function presentHeadline(headline: string, offset: number | null): SearchPassage {
  let text = '';
  const highlights: Array<[number, number]> = [];
  let start: number | null = null;
  for (const char of headline) {
    if (char === MARK_START) start = text.length;
    else if (char === MARK_END) {
      if (start !== null && text.length > start) highlights.push([start, text.length]);
      start = null;
    } else text += char;
  }
  return { text, highlights, offset };
}

/** One found document: only the whitelisted fields leave the server. */
export function presentResult(row: SearchFileRow, score: number, passage: SearchPassage): SearchResult {
  const tag = TAGS.find((t) => t === row.tag) ?? null;
  const contentUpdatedAt = row.content_updated_at instanceof Date ? row.content_updated_at : new Date(row.content_updated_at);
  return {
    fileId: row.id,
    // The name as the list shows it (no '.txt').
    name: displayName(row.name),
    tag,
    contentUpdatedAt: contentUpdatedAt.toISOString(),
    isDraft: row.is_draft,
    score: Math.min(1, Math.max(0, score)),
    passage,
  };
}

/** The answer of one search mode. */
export function presentResponse(mode: SearchResponse['mode'], results: SearchResult[]): SearchResponse {
  return { mode, results };
}
