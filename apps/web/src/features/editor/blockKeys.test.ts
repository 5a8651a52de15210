import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { BlockKeys } from './blockKeys';
import { SHORTCUTS } from './shortcuts';
import { requestCheckDraft } from '../checks/panel/checkRequest';

vi.mock('../checks/panel/checkRequest', () => ({ requestCheckDraft: vi.fn() }));

/** The keys and Markdown shortcuts of the quote, checklist, divider and code block (docs/PRODUCT.md#editor). */
let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function setUp(content: string): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({ element, extensions: [...breeExtensions(), BlockKeys], content });
  return editor;
}

function press(e: Editor, init: KeyboardEventInit): boolean {
  const event = new KeyboardEvent('keydown', { bubbles: true, ...init });
  return e.view.someProp('handleKeyDown', (f) => f(e.view, event)) ?? false;
}

/** Types `text` character by character as the keyboard would, so input rules run. */
function type(e: Editor, text: string): void {
  for (const ch of text) {
    const { from, to } = e.state.selection;
    const handled = e.view.someProp('handleTextInput', (f) => f(e.view, from, to, ch, () => e.state.tr.insertText(ch, from, to)));
    if (!handled) e.view.dispatch(e.state.tr.insertText(ch, from, to));
  }
}

const taskJSON = () =>
  (editor!.getJSON().content ?? []).map((n) => [n.type, (n.content ?? []).map((i) => (i as { attrs?: Record<string, unknown> }).attrs?.checked)]);

describe('checklist keys', () => {
  it(`${SHORTCUTS.toggleTask.label} ticks and unticks the item at the caret, and does nothing outside a checklist`, () => {
    const e = setUp('<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>Milk</p></li></ul><p>After</p>');
    e.commands.setTextSelection(3);
    expect(press(e, { key: 'Enter', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(taskJSON()[0]).toEqual(['taskList', [true]]);
    expect(press(e, { key: 'Enter', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(taskJSON()[0]).toEqual(['taskList', [false]]);
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    expect(press(e, { key: 'Enter', ctrlKey: true, shiftKey: true })).toBe(false);
  });

  it('Tab and Shift+Tab indent and outdent a checklist item', () => {
    const e = setUp('<ul data-type="taskList"><li data-type="taskItem"><p>One</p></li><li data-type="taskItem"><p>Two</p></li></ul>');
    e.commands.setTextSelection(e.state.doc.content.size - 3);
    expect(press(e, { key: 'Tab' })).toBe(true);
    expect(e.state.doc.firstChild!.childCount).toBe(1);
    expect(e.state.doc.firstChild!.firstChild!.lastChild!.type.name).toBe('taskList');
    expect(press(e, { key: 'Tab', shiftKey: true })).toBe(true);
    expect(e.state.doc.firstChild!.childCount).toBe(2);
  });

  it("Ctrl+Alt+C asks for 'Check my draft' even inside the text, not for a code block", () => {
    const e = setUp('<p>Text</p>');
    e.commands.setTextSelection(2);
    expect(press(e, { key: 'c', ctrlKey: true, altKey: true })).toBe(true);
    expect(requestCheckDraft).toHaveBeenCalledTimes(1);
    expect(e.isActive('codeBlock')).toBe(false);
  });
});

describe('Markdown shortcuts', () => {
  const cases: [string, string][] = [
    ['> ', 'blockquote'],
    ['[ ] ', 'taskList'],
    ['- [ ] ', 'taskList'],
    ['``` ', 'codeBlock'],
  ];
  for (const [typed, block] of cases) {
    it(`'${typed}' makes a ${block}`, () => {
      const e = setUp('<p></p>');
      e.commands.setTextSelection(1);
      type(e, typed);
      type(e, 'x');
      const first = e.getJSON().content![0]!;
      expect(first.type).toBe(block);
      expect(e.state.doc.textContent).toBe('x');
    });
  }

  it("'[x] ' makes a ticked item and '---' a divider", () => {
    const e = setUp('<p></p>');
    e.commands.setTextSelection(1);
    type(e, '- [x] done');
    expect(taskJSON()[0]).toEqual(['taskList', [true]]);
    const f = setUp('<p></p>');
    f.commands.setTextSelection(1);
    type(f, '---');
    expect(f.getJSON().content!.map((n) => n.type)).toContain('horizontalRule');
  });
});
