import { describe, expect, it } from 'vitest';
import { readSseEvents, type SseEvent } from './sse';

/** A response body handing over these byte chunks one by one, as the network may cut them. */
function body(...chunks: (string | Uint8Array<ArrayBuffer>)[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function events(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<SseEvent[]> {
  const read: SseEvent[] = [];
  for await (const event of readSseEvents(stream)) read.push(event);
  return read;
}

describe('readSseEvents', () => {
  it('parses named events split across chunks, in the middle of a line and of a field name', async () => {
    expect(await events(body('event: delta\ndata: {"te', 'xt":"Hi"}\n', '\nev', 'ent: done\nda', 'ta: {}\n\n'))).toEqual([
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins multi-line data, handles CRLF (even split between CR and LF) and skips comments and keep-alives', async () => {
    expect(await events(body(': ping\r\n\r\n', 'data: a\r', '\ndata: b\r\n\r\n', ':\n\n', 'data: c\r\rdata: d\n\n'))).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'message', data: 'c' },
      { event: 'message', data: 'd' },
    ]);
  });

  it('keeps a data value without the optional space, and a second space as part of the value', async () => {
    expect(await events(body('event:error\ndata:{"code":"x"}\n\n', 'data:  two\n\n'))).toEqual([
      { event: 'error', data: '{"code":"x"}' },
      { event: 'message', data: ' two' },
    ]);
  });

  it('decodes a character whose UTF-8 bytes arrive in two chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"text":"café ✓"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of é
    expect(await events(body(bytes.slice(0, cut), bytes.slice(cut)))).toEqual([{ event: 'message', data: '{"text":"café ✓"}' }]);
  });

  it('drops an event the stream cut before its blank line, and ignores an id or retry field', async () => {
    expect(await events(body('id: 7\nretry: 1000\ndata: whole\n\n', 'data: cut short'))).toEqual([{ event: 'message', data: 'whole' }]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: first\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSseEvents(stream)) {
      expect(event.data).toBe('first');
      break;
    }
    await expect.poll(() => cancelled).toBe(true);
  });
});
