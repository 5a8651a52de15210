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
