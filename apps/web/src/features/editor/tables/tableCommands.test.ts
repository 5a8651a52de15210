import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { SHORTCUTS, type KeyCombo } from '../shortcuts';
import { hasHeaderRow, insertTable } from './tableCommands';
import { installTableEditing, runTableAction } from './tableEditing';

/** Inserting a table and moving through it by keyboard (docs/PRODUCT.md#editor "Tables"). */
let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function setUp(content = '<p></p>'): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({ element, extensions: breeExtensions(), content });
  installTableEditing(editor);
  return editor;
}

function press(e: Editor, keys: KeyCombo): boolean {
  const event = new KeyboardEvent('keydown', { key: keys.key, shiftKey: !!keys.shift, bubbles: true, cancelable: true });
  return e.view.someProp('handleKeyDown', (f) => f(e.view, event)) ?? false;
}

const cellText = (e: Editor) => e.state.selection.$from.parent.textContent;
const shape = (e: Editor) => {
  const table = e.state.doc.firstChild!;
  const rows: string[] = [];
  table.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cell.type.name === 'tableHeader' ? 'th' : 'td'));
    rows.push(cells.join(' '));
  });
  return rows;
};

describe('tables in the editor', () => {
  it('inserts 3×3 with a header row, the caret in its first cell and a paragraph after it', () => {
    const e = setUp();
    expect(insertTable(e)).toBe(true);
    expect(shape(e)).toEqual(['th th th', 'td td td', 'td td td']);
    expect(e.isActive('tableHeader')).toBe(true);
    expect(e.state.doc.lastChild!.type.name).toBe('paragraph');
    expect(hasHeaderRow(e)).toBe(true);
  });

  it('moves a cell on with Tab and back with Shift+Tab, and adds a row with Tab in the last cell', () => {
    const e = setUp();
    insertTable(e);
    e.commands.insertContent('Name');
    expect(press(e, SHORTCUTS.nextCell.keys)).toBe(true);
    e.commands.insertContent('Words');
    expect(press(e, SHORTCUTS.previousCell.keys)).toBe(true);
    expect(cellText(e)).toBe('Name');
    for (let i = 0; i < 8; i += 1) press(e, SHORTCUTS.nextCell.keys);
    expect(shape(e)).toHaveLength(3);
    expect(press(e, SHORTCUTS.nextCell.keys)).toBe(true);
    expect(shape(e)).toEqual(['th th th', 'td td td', 'td td td', 'td td td']);
  });

  it('turns the header row off and on, and refuses a table inside a table', () => {
    const e = setUp();
    insertTable(e);
    runTableAction(e, 'toggleHeaderRow');
    expect(hasHeaderRow(e)).toBe(false);
    expect(shape(e)[0]).toBe('td td td');
    expect(insertTable(e)).toBe(false);
    expect(e.state.doc.childCount).toBe(2);
  });
});
