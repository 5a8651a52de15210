import { describe, expect, it } from 'vitest';
import { coverImage, readingMinutes, withoutTitleLine } from './publishing.content';

const p = (text: string) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] });

describe("a post's text on its page", () => {
  it('drops a first line that only repeats the title (blank lines before it too), and nothing else', () => {
    const doc = { type: 'doc', content: [p(''), p('Field  Notes'), p('Herons.')] };
    expect(withoutTitleLine(doc, 'Field notes').content).toEqual([p(''), p('Herons.')]);
    const heading = { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Field notes' }] }, p('x')] };
    expect(withoutTitleLine(heading, 'Field notes').content).toEqual([p('x')]);
    const other = { type: 'doc', content: [p('Field notes, part two'), p('x')] };
    expect(withoutTitleLine(other, 'Field notes')).toBe(other);
  });

  it('reads at 230 words a minute, at least one, and finds the first stored image as the cover', () => {
    expect(readingMinutes({ type: 'doc', content: [p('word '.repeat(700))] })).toBe(3);
    expect(readingMinutes({ type: 'doc', content: [] })).toBe(1);
    const img = (src: string, alt: string) => ({ type: 'image', attrs: { src, alt } });
    const doc = {
      type: 'doc',
      content: [p('a'), img('https://elsewhere.example/x.png', 'no'), { type: 'blockquote', content: [img('/api/images/abcdefghij12', 'Herons')] }],
    };
    expect(coverImage(doc)).toEqual({ id: 'abcdefghij12', alt: 'Herons' });
    expect(coverImage({ type: 'doc', content: [p('a')] })).toBeNull();
  });
});
