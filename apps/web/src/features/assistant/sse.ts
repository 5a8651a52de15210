/** One parsed server-sent event: its name (default 'message') and raw data text. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The server-sent events of a response body, in order as they arrive, parsed by
 * eventsource-parser (frames and even characters split anywhere across chunks, CRLF, multi-line
 * data, comments as keep-alives). Whoever stops early cancels the body, closing the connection.
 */
export async function* readSseEvents(body: NonNullable<Response['body']>): AsyncGenerator<SseEvent> {
  // Loaded with the first stream rather than with the editor, whose download has a ceiling (docs/PAGE-WEIGHT.md).
  const { EventSourceParserStream } = await import('eventsource-parser/stream');
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      yield { event: value.event ?? 'message', data: value.data };
    }
  } finally {
    if (!ended) void reader.cancel().catch(() => undefined);
  }
}
