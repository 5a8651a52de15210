/** One parsed server-sent event: its name (default 'message') and raw data text. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental SSE parser: network chunks split frames anywhere, so text is buffered until a
 * blank line ends a frame. Returns the frames completed by each chunk.
 */
export function createSseParser(): { push(chunk: string): SseEvent[] } {
  let buffer = '';
  return {
    push(chunk) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const events: SseEvent[] = [];
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const parsed = parseFrame(frame);
        if (parsed) events.push(parsed);
        end = buffer.indexOf('\n\n');
      }
      return events;
    },
  };
}

/** Parses one frame; comment-only frames (keep-alives) give null. */
function parseFrame(frame: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    // The spec allows one optional space after the colon.
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join('\n') };
}
