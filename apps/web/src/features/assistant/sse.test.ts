import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

describe('createSseParser', () => {
  it('parses named events split across chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: delta\ndata: {"te')).toEqual([]);
    expect(parser.push('xt":"Hi"}\n\nevent: done\ndata: {}\n\n')).toEqual([
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins multi-line data, handles CRLF and skips comments', () => {
    const parser = createSseParser();
    expect(parser.push(': ping\r\n\r\ndata: a\r\ndata: b\r\n\r\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('keeps a data value without the optional space', () => {
    expect(createSseParser().push('event:error\ndata:{"code":"x"}\n\n')).toEqual([{ event: 'error', data: '{"code":"x"}' }]);
  });
});
