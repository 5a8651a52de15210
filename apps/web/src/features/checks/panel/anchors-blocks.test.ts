import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { checkBlocks } from './anchors';

/** What the checks are told of the quote, checklist and code block (docs/CHECKS.md): rules skip code and quotes, lists read as items. */
const schema = getSchema(breeExtensions());
const p = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });

describe('checkBlocks and the new blocks', () => {
  it('names a quote, a checklist item and a code block by their type, and skips a divider', () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        p('a', 'Plain prose.'),
        { type: 'blockquote', content: [p('q', 'Quoted.')] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: false }, content: [p('t', 'A task.')] }] },
        { type: 'horizontalRule', attrs: { id: 'r' } },
        { type: 'codeBlock', attrs: { id: 'c' }, content: [{ type: 'text', text: 'x = 1' }] },
      ],
    });
    expect(checkBlocks({ doc }).map((b) => [b.id, b.type])).toEqual([
      ['a', 'paragraph'],
      ['q', 'blockquote'],
      ['t', 'taskItem'],
      ['c', 'codeBlock'],
    ]);
  });
});
