import { getBreeSchema, toPlainText } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import { describe, expect, it } from 'vitest';
import { plainTextWithPositions } from './plainTextMap';

/** The search's map and toPlainText agree on the quote, checklist, divider and code block (docs/SEARCH.md). */
const t = (text: string): DocJSON => ({ type: 'text', text });
const p = (text: string): DocJSON => ({ type: 'paragraph', content: [t(text)] });

describe('plainTextWithPositions with the new blocks', () => {
  it('reads exactly as toPlainText, a code block included, each character at its position', () => {
    const json: DocJSON = {
      type: 'doc',
      content: [
        p('Intro'),
        { type: 'blockquote', content: [p('Quoted')] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [p('Task')] }] },
        { type: 'horizontalRule' },
        { type: 'codeBlock', content: [t('a();\nb();')] },
      ],
    };
    const node = getBreeSchema().nodeFromJSON(json);
    const map = plainTextWithPositions(node);
    expect(map.text).toBe(toPlainText(json));
    expect(map.text).toContain('a();\nb();');
    const at = map.text.indexOf('b();');
    expect(node.textBetween(map.positions[at]!, map.positions[at]! + 4)).toBe('b();');
  });
});
