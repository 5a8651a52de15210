import type { DocJSON } from '@bree/editor';
import { describe, expect, it } from 'vitest';
import { metaDescription, sharePageDescription } from './shares.meta';

const p = (text: string): DocJSON => (text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' });
const doc = (...content: DocJSON[]): DocJSON => ({ type: 'doc', content });

describe('the shared page description', () => {
  it('reads the first non-empty paragraph, inside a list too, with hard breaks as spaces', () => {
    const item: DocJSON = { type: 'bulletList', content: [{ type: 'listItem', content: [p('A list item comes first here.')] }] };
    expect(metaDescription(doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'A heading is not a paragraph' }] }, p(''), item))).toBe(
      'A list item comes first here.',
    );
    const broken: DocJSON = { type: 'paragraph', content: [{ type: 'text', text: 'Line one' }, { type: 'hardBreak' }, { type: 'text', text: 'line two' }] };
    expect(metaDescription(doc(broken))).toBe('Line one line two');
  });

  it('counts characters, not UTF-16 units: an emoji at the cut stays whole', () => {
    const text = `${'a'.repeat(156)}🙂🙂`;
    expect(metaDescription(doc(p(text)))).toBe(`${'a'.repeat(156)}🙂...`);
    expect(metaDescription(doc(p('🙂'.repeat(10))))).toBeNull();
  });

  it('names the document when there is no usable paragraph', () => {
    expect(metaDescription(doc())).toBeNull();
    expect(sharePageDescription(doc(p('Too short')), 'Notes')).toBe('"Notes", a document shared with Bree.');
  });
});
