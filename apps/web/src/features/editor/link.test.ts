import { describe, expect, it } from 'vitest';
import { normalizeLinkInput } from './link';

const href = (input: string) => {
  const result = normalizeLinkInput(input);
  return result.ok ? result.href : null;
};

describe('normalizeLinkInput', () => {
  it('keeps http, https and mailto links as typed (trimmed)', () => {
    expect(href(' https://example.com/a?b=1#c ')).toBe('https://example.com/a?b=1#c');
    expect(href('http://example.com')).toBe('http://example.com');
    expect(href('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(href('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });

  it('adds https:// to a bare address and mailto: to a bare e-mail address', () => {
    expect(href('example.com')).toBe('https://example.com');
    expect(href('www.example.com/page?x=1')).toBe('https://www.example.com/page?x=1');
    expect(href('localhost:3000/docs')).toBe('https://localhost:3000/docs');
    expect(href('//example.com')).toBe('https://example.com');
    expect(href('someone@example.com')).toBe('mailto:someone@example.com');
  });

  it('refuses other schemes, empty input and things that are not addresses', () => {
    expect(normalizeLinkInput('javascript:alert(1)')).toEqual({ ok: false, error: 'Links must start with http://, https:// or mailto:' });
    expect(href('data:text/html,hi')).toBeNull();
    expect(href('ftp://example.com')).toBeNull();
    expect(normalizeLinkInput('   ')).toEqual({ ok: false, error: 'Enter a link address.' });
    expect(href('not a link')).toBeNull();
    expect(href('hello')).toBeNull();
    expect(href('mailto:')).toBeNull();
    expect(href(`https://example.com/${'a'.repeat(2100)}`)).toBeNull();
  });
});
