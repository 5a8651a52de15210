import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { htmlWithoutProvenance, isAiTextShown, showAiText } from './provenanceView';

const AI = { type: 'aiProvenance', attrs: { operationId: 'op_1', action: 'enhance', tier: 'fast', at: '2026-01-02T03:04:05.000Z' } };
const doc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Mine, then ' },
        { type: 'text', text: 'the AI in bold', marks: [{ type: 'bold' }, AI] },
      ],
    },
  ],
};

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(): Editor {
  editor = new Editor({ element: document.createElement('div'), extensions: breeExtensions(), content: doc });
  return editor;
}

describe('the AI-written text in the editor', () => {
  it('copies as HTML without the provenance marks, keeping the other formatting', () => {
    const ed = open();
    expect(ed.getHTML()).toContain('data-ai-operation');
    const html = htmlWithoutProvenance(ed);
    expect(html).not.toContain('data-ai-');
    expect(html).not.toContain('bree-ai-text');
    expect(html).toBe('<p>Mine, then <strong>the AI in bold</strong></p>');
  });

  it('highlights the AI text through a class on the editor root that edits leave in place', () => {
    const ed = open();
    expect(isAiTextShown(ed)).toBe(false);
    showAiText(ed, true);
    expect(ed.view.dom.classList.contains('bree-show-ai')).toBe(true);
    ed.commands.insertContentAt(1, 'Typed. ');
    ed.setEditable(false);
    expect(isAiTextShown(ed)).toBe(true);
    expect(ed.view.dom.querySelector('.bree-ai-text')?.textContent).toBe('the AI in bold');
    showAiText(ed, false);
    expect(isAiTextShown(ed)).toBe(false);
  });
});
