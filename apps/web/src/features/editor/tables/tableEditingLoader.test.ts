import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { CellSelection } from '@tiptap/pm/tables';
import { breeExtensions } from '@bree/editor';
import { TableEditing } from './tableEditingLoader';
import { canRunTableAction } from './tableEditing';

/** The table's editing arrives after the editor is up (docs/PAGE-WEIGHT.md): at once for a document with a table. */
let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const TABLE = '<table><tr><th><p>A</p></th><th><p>B</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></table><p>After</p>';

function setUp(content: string): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({ element, extensions: [...breeExtensions(), TableEditing], content });
  return editor;
}

function pressTab(e: Editor): boolean {
  const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
  return e.view.someProp('handleKeyDown', (f) => f(e.view, event)) ?? false;
}

const hasTableEditing = (e: Editor) => e.state.plugins.some((plugin) => (plugin as unknown as { key: string }).key.startsWith('selectingCells'));

describe('the table editing loader', () => {
  it('gives a document that opens with a table its editing at once: Tab moves a cell on', async () => {
    const e = setUp(TABLE);
    await vi.waitFor(() => expect(hasTableEditing(e)).toBe(true));
    e.commands.setTextSelection(3);
    expect(e.state.selection.$from.parent.textContent).toBe('A');
    expect(pressTab(e)).toBe(true);
    expect(e.state.selection.$from.parent.textContent).toBe('B');
  });

  it('takes the whole table out with Backspace when every cell is selected, and not for some of them', async () => {
    const e = setUp(TABLE);
    await vi.waitFor(() => expect(hasTableEditing(e)).toBe(true));
    const cells = () => {
      const at: number[] = [];
      e.state.doc.descendants((node, pos) => {
        if (node.type.name === 'tableHeader' || node.type.name === 'tableCell') at.push(pos);
      });
      return at;
    };
    const backspace = () => e.view.someProp('handleKeyDown', (f) => f(e.view, new KeyboardEvent('keydown', { key: 'Backspace', cancelable: true })));

    e.view.dispatch(e.state.tr.setSelection(CellSelection.create(e.state.doc, cells()[0]!, cells()[1]!)));
    expect(canRunTableAction(e, 'deleteRow')).toBe(true);
    backspace();
    // Only the header row's words went.
    expect(e.state.doc.firstChild!.type.name).toBe('table');
    expect(e.state.doc.firstChild!.textContent).toBe('12');

    e.view.dispatch(e.state.tr.setSelection(CellSelection.create(e.state.doc, cells()[0]!, cells()[3]!)));
    expect(backspace()).toBe(true);
    expect(e.state.doc.firstChild!.type.name).toBe('paragraph');
    expect(e.getText()).toBe('After');
  });

  it('waits for the network before fetching the editing when offline, then gives it', async () => {
    vi.resetModules();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      // A fresh loader: nothing fetched yet.
      const { ensureTableEditing } = await import('./tableEditingLoader');
      const element = document.createElement('div');
      document.body.append(element);
      const e = (editor = new Editor({ element, extensions: breeExtensions(), content: TABLE }));
      const given = ensureTableEditing(e);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hasTableEditing(e)).toBe(false);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await given;
      expect(hasTableEditing(e)).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it('loads it once the browser is idle for a document without a table', async () => {
    const idle = vi.fn<(callback: () => void) => number>(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    try {
      const e = setUp('<p>No table</p>');
      await vi.waitFor(() => expect(idle).toHaveBeenCalledTimes(1));
      expect(hasTableEditing(e)).toBe(false);
      idle.mock.calls[0]![0]();
      await vi.waitFor(() => expect(hasTableEditing(e)).toBe(true));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
