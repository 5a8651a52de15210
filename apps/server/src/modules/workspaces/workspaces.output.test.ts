import { describe, expect, it } from 'vitest';
import { threadPosts, variantDoc } from './workspaces.output';

let n = 0;
const newId = () => `b${++n}`;

describe('threadPosts', () => {
  it('renumbers the posts n/N, dropping the model’s own numbers', () => {
    expect(threadPosts('1/3 Hook.\n\n2. Middle.\n\n(3) End.')).toEqual(['1/3 Hook.', '2/3 Middle.', '3/3 End.']);
  });

  it('keeps a number that is part of the text', () => {
    expect(threadPosts('2024 was the year.\n\nThen 2025.')).toEqual(['1/2 2024 was the year.', '2/2 Then 2025.']);
  });

  it('splits a post longer than 280 characters between sentences, each post with its number within 280', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence ${i} is here.`).join(' ');
    const posts = threadPosts(`Opening.\n\n${long}`);
    expect(posts.length).toBeGreaterThan(3);
    for (const [i, post] of posts.entries()) {
      expect(post.length).toBeLessThanOrEqual(280);
      expect(post.startsWith(`${i + 1}/${posts.length} `)).toBe(true);
    }
    // Cut between sentences: every piece ends a sentence.
    expect(posts.slice(1).every((p) => p.endsWith('.'))).toBe(true);
  });

  it('cuts a single word longer than a post', () => {
    const posts = threadPosts('x'.repeat(700));
    expect(posts).toHaveLength(3);
    expect(posts.every((p) => p.length <= 280)).toBe(true);
  });

  it('stays within 280 when the total reaches two digits', () => {
    const posts = threadPosts(Array.from({ length: 9 }, () => 'word '.repeat(60)).join('\n\n'));
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect(posts.every((p) => p.length <= 280)).toBe(true);
    expect(posts.at(-1)!.startsWith(`${posts.length}/${posts.length} `)).toBe(true);
  });
});

describe('variantDoc', () => {
  it('makes one paragraph with an id per paragraph of the answer', () => {
    expect(variantDoc({ action: 'vary', text: 'One.\n\nTwo.', newId })).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { id: expect.any(String) }, content: [{ type: 'text', text: 'One.' }] },
        { type: 'paragraph', attrs: { id: expect.any(String) }, content: [{ type: 'text', text: 'Two.' }] },
      ],
    });
  });

  it('opens an email with its subject line, adding the prefix the model left out', () => {
    const first = (text: string) => variantDoc({ action: 'emailify', text, newId }).content![0]!.content![0]!.text;
    expect(first('Subject: Hello\n\nBody.')).toBe('Subject: Hello');
    expect(first('Hello\n\nBody.')).toBe('Subject: Hello');
  });

  it('is empty for an empty answer', () => {
    expect(variantDoc({ action: 'postify', text: ' \n\n ', newId }).content).toEqual([]);
  });
});
