import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { applySlashCommand, paragraphHasText } from './slashApply';
import { SLASH_ITEMS } from './slashItems';
import { closeSlashMenu, createSlashStore, slashMenuKey, slashPlugin } from './slashTrigger';
import { openSlashMenu } from './slashMenuSlot';

// jsdom lays nothing out: focusing the text scrolls the caret into view, which measures a Range.
Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** An editor with the trigger registered first, as the menu registers it, the caret at the end. */
function setUp(content: string): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  const e = new Editor({ element, extensions: breeExtensions(), content });
  e.registerPlugin(slashPlugin({ editor: e, store: createSlashStore() }), (plugin, plugins) => [plugin, ...plugins]);
  e.commands.focus('end');
  editor = e;
  return e;
}

/** Types `text` one character at a time, as the keyboard does (marks at the caret carry on). */
function type(e: Editor, text: string): void {
  for (const ch of text) e.view.dispatch(e.state.tr.insertText(ch));
}

const open = (e: Editor) => Boolean(slashMenuKey.getState(e.state)?.active);
const query = (e: Editor) => slashMenuKey.getState(e.state)?.query as string | null;

describe("where '/' opens the menu", () => {
  it('opens on an empty line and follows the query', () => {
    const e = setUp('<p></p>');
    type(e, '/');
    expect(open(e)).toBe(true);
    type(e, 'head');
    expect(query(e)).toBe('head');
  });

  it('opens after a space, and at the start of a line after a line break', () => {
    const e = setUp('<p>Tides turn</p>');
    type(e, ' /');
    expect(open(e)).toBe(true);
    const f = setUp('<p>Tides<br>/</p>');
    f.commands.focus('end');
    type(f, 'h');
    expect(open(f)).toBe(true);
  });

  it("stays closed inside a word or a URL: 'and/or', 'http://'", () => {
    const e = setUp('<p>Salt and</p>');
    type(e, '/');
    expect(open(e)).toBe(false);
    type(e, 'or');
    expect(open(e)).toBe(false);
    const f = setUp('<p>See http:</p>');
    type(f, '/');
    expect(open(f)).toBe(false);
    type(f, '/example.org');
    expect(open(f)).toBe(false);
  });

  it('stays closed right after bold text and inside inline code', () => {
    // The slash is a text node of its own after the bold word: the utility alone would open here.
    const e = setUp('<p><strong>Bold</strong>/</p>');
    type(e, 'h');
    expect(e.state.doc.textContent).toBe('Bold/h');
    expect(open(e)).toBe(false);
    const f = setUp('<p>Run <code>ls /x</code></p>');
    f.commands.setTextSelection(f.state.doc.content.size - 2);
    expect(f.state.doc.textBetween(f.state.selection.from - 1, f.state.selection.from)).toBe('/');
    expect(open(f)).toBe(false);
  });

  it('closes on a space, and once closed with Escape stays closed until a space', () => {
    const e = setUp('<p></p>');
    type(e, '/he');
    type(e, ' ');
    expect(open(e)).toBe(false);
    type(e, '/xy');
    expect(open(e)).toBe(true);
    closeSlashMenu(e);
    expect(open(e)).toBe(false);
    type(e, 'z');
    expect(open(e)).toBe(false);
    expect(e.getText()).toBe('/he /xyz');
  });

  it("the toolbar's Insert opens it at the caret, after a space when the caret follows a word", () => {
    const e = setUp('<p>Gulls</p>');
    openSlashMenu(e);
    expect(open(e)).toBe(true);
    expect(e.getText()).toBe('Gulls /');
    const f = setUp('<p></p>');
    openSlashMenu(f);
    expect(open(f)).toBe(true);
    expect(f.getText()).toBe('/');
  });
});

describe('picking an item', () => {
  const item = (id: string) => SLASH_ITEMS.find((i) => i.id === id)!;
  const pick = (e: Editor, id: string, handlers = { onRun: vi.fn(), onAskAi: vi.fn() }) => {
    const { range } = slashMenuKey.getState(e.state) as { range: { from: number; to: number } };
    applySlashCommand({ editor: e, range, command: item(id).command, handlers });
    return handlers;
  };

  it('removes the /query and applies the block', () => {
    const e = setUp('<p>Harbour</p>');
    type(e, ' /head');
    pick(e, 'h2');
    expect(e.getHTML()).toContain('<h2');
    expect(e.getText()).toBe('Harbour ');
    type(e, '/bul');
    pick(e, 'bulletList');
    expect(e.isActive('bulletList')).toBe(true);
    expect(e.state.doc.textContent).toBe('Harbour ');
  });

  it('runs an action at the caret, and a rewrite on the whole paragraph', () => {
    const e = setUp('<p>The ferry leaves at dawn.</p>');
    type(e, ' /exp');
    const { range } = slashMenuKey.getState(e.state) as { range: { from: number; to: number } };
    expect(paragraphHasText({ editor: e, range })).toBe(true);
    const handlers = pick(e, 'expand');
    expect(handlers.onRun).toHaveBeenCalledWith('expand');
    const { from, to } = e.state.selection;
    expect(e.state.doc.textBetween(from, to)).toBe('The ferry leaves at dawn. ');
    const f = setUp('<p></p>');
    type(f, '/ask');
    const asked = pick(f, 'askAi');
    expect(asked.onAskAi).toHaveBeenCalledTimes(1);
    expect(f.getText()).toBe('');
    const g = setUp('<p></p>');
    type(g, '/');
    expect(paragraphHasText({ editor: g, range: (slashMenuKey.getState(g.state) as { range: { from: number; to: number } }).range })).toBe(false);
  });
});
