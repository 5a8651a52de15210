/** A piece of a passage: plain text, marked when it matched the query. */
export interface PassageSegment {
  text: string;
  marked: boolean;
}

/**
 * Cuts a passage into plain and marked pieces from the server's [start, end) ranges. Ranges are
 * clamped to the text, sorted and merged, so overlapping or out-of-order ranges never repeat or
 * drop characters; the pieces joined give back the passage exactly.
 */
export function highlightSegments(text: string, ranges: readonly (readonly [number, number])[]): PassageSegment[] {
  const clamped = ranges
    .map(([start, end]) => [Math.max(0, Math.min(start, text.length)), Math.max(0, Math.min(end, text.length))] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of clamped) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const segments: PassageSegment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at), marked: false });
  return segments;
}

/**
 * How many characters of context a snippet keeps before its first match: two lines of a result on
 * a 320 px phone hold about 70 characters, so the matched words always show in them.
 */
export const SNIPPET_LEAD_CHARS = 30;

/** A passage to show, and its highlight ranges in that text. */
export interface Snippet {
  text: string;
  highlights: [number, number][];
}

/**
 * Centres a passage on its first match (docs/SEARCH.md "The palette"): when the first matched words
 * start further in than SNIPPET_LEAD_CHARS, the text before them is cut at a word border about
 * that far back and replaced by '…', and the ranges move with it. The result is clamped to two
 * lines, so without this a match late in a long passage would be cut off on a phone.
 */
export function centreOnFirstMatch(text: string, ranges: readonly (readonly [number, number])[]): Snippet {
  const highlights = ranges.map(([start, end]) => [start, end] as [number, number]);
  const first = highlights.reduce((min, [start, end]) => (end > start ? Math.min(min, start) : min), Infinity);
  if (!Number.isFinite(first) || first <= SNIPPET_LEAD_CHARS + 10) return { text, highlights };
  // The first word border at or after the lead distance, never past the match itself.
  let cut = first - SNIPPET_LEAD_CHARS;
  while (cut < first && !/\s/.test(text[cut - 1] ?? ' ')) cut += 1;
  while (cut < first && /\s/.test(text[cut] ?? '')) cut += 1;
  const shift = cut - 1;
  return { text: `…${text.slice(cut)}`, highlights: highlights.map(([start, end]) => [Math.max(1, start - shift), Math.max(1, end - shift)]) };
}
