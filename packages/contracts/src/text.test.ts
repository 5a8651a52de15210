import { describe, expect, it } from 'vitest';
import { findUnstorableText, hasUnstorableText, replaceUnstorableText } from './text';

describe('text Bree cannot store', () => {
  it('finds NUL, lone and reversed surrogates, and accepts proper pairs and other controls', () => {
    for (const bad of ['\u0000', 'a\ud800', '\udc00b', '\udc00\ud800', 'x\ud800y']) expect(hasUnstorableText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', '😀 emoji pair', '\u202Eright-to-left', '\ufffd', 'tab\tand\nnewline']) expect(hasUnstorableText(good), good).toBe(false);
  });

  it('names the path of the first unstorable string or key, deep in objects and arrays', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: 'ok' }, { d: 'bad\u0000' }] }, 'body')).toBe('body.b.1.d');
    expect(findUnstorableText({ ['k\ud800']: 1 }, 'query')).toBe('query.k\ud800');
    expect(findUnstorableText('plain', 'path')).toBeNull();
    expect(findUnstorableText({ n: 1, t: true, z: null, deep: [[['😀']]] }, 'body')).toBeNull();
  });

  it('replaces each unstorable character with U+FFFD and keeps proper pairs', () => {
    expect(replaceUnstorableText('a\u0000b\ud800c😀\udc00\ud800')).toBe('a\ufffdb\ufffdc😀\ufffd\ufffd');
  });
});
