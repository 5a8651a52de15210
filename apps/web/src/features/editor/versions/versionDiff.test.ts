import { describe, expect, it } from 'vitest';
import { fromText } from '@bree/editor';
import { changeCountLabel, diffDocuments } from './versionDiff';

const docOf = (...paragraphs: string[]) => fromText(paragraphs.join('\n\n'));
const texts = (blocks: { kind: string; text: string }[][]) => blocks.map((b) => b.map((c) => `${c.kind[0]}:${c.text}`).join('|'));

describe('diffDocuments', () => {
  it('says nothing changed when both texts are equal, whatever their formatting', () => {
    const bold = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Same words', marks: [{ type: 'bold' }] }] }] };
    const diff = diffDocuments({ before: bold, after: docOf('Same words') });
    expect(diff.count).toBe(0);
    expect(texts(diff.blocks)).toEqual(['s:Same words']);
  });

  it('marks replaced, inserted and deleted words block by block and counts each run of changes once', () => {
    const diff = diffDocuments({
      before: docOf('The ferry left at dawn.', 'Gulls followed it.'),
      after: docOf('The ferry left at noon.', 'Gulls followed it home.'),
    });
    expect(texts(diff.blocks)).toEqual(['s:The ferry left at |d:dawn|i:noon|s:.', 's:Gulls followed it|i: home|s:.']);
    expect(diff.count).toBe(2);
  });

  it('shows a paragraph added or removed as a block of its own', () => {
    const added = diffDocuments({ before: docOf('One.', 'Three.'), after: docOf('One.', 'Two.', 'Three.') });
    expect(added.blocks.map((b) => b.map((c) => c.text).join(''))).toEqual(['One.', 'Two.', 'Three.']);
    expect(added.blocks[1]!.every((c) => c.kind === 'insert')).toBe(true);
    expect(added.count).toBe(1);

    const removed = diffDocuments({ before: docOf('One.', 'Two.', 'Three.'), after: docOf('One.', 'Three.') });
    expect(removed.blocks[1]!.every((c) => c.kind === 'delete')).toBe(true);
    expect(removed.count).toBe(1);
  });

  it('reads a missing or unreadable text as empty', () => {
    const diff = diffDocuments({ before: null, after: docOf('New words') });
    expect(texts(diff.blocks)).toEqual(['i:New words']);
    expect(diff.count).toBe(1);
  });
});

describe('changeCountLabel', () => {
  it('names the count of changes, or that there are none', () => {
    expect(changeCountLabel(0)).toBe('No differences');
    expect(changeCountLabel(1)).toBe('1 change');
    expect(changeCountLabel(12)).toBe('12 changes');
  });
});
