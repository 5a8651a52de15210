import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { AI_NOT_SET_UP } from '@bree/contracts';
import { SlashList } from './SlashList';
import { createSlashStore, slashPlugin } from './slashTrigger';
import type { SlashStore } from './slashTrigger';

// jsdom lays nothing out: focusing the text scrolls the caret into view, which measures a Range.
Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();
Element.prototype.scrollIntoView = () => undefined;

let editor: Editor | null = null;
afterEach(() => {
  cleanup();
  editor?.destroy();
  editor = null;
});

/** The list while the store has a session, as SlashMenu shows it. */
function Host({ e, store, onRun, aiAvailable }: { e: Editor; store: SlashStore; onRun(action: string): void; aiAvailable: boolean }) {
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  return session ? <SlashList editor={e} store={store} session={session} onRun={onRun} aiAvailable={aiAvailable} /> : null;
}

async function setUp(aiAvailable: boolean) {
  const element = document.createElement('div');
  document.body.append(element);
  const e = new Editor({ element, extensions: breeExtensions(), content: '<p></p>' });
  const store = createSlashStore();
  e.registerPlugin(slashPlugin({ editor: e, store }), (plugin, plugins) => [plugin, ...plugins]);
  e.commands.focus('end');
  editor = e;
  const onRun = vi.fn();
  render(<Host e={e} store={store} onRun={onRun} aiAvailable={aiAvailable} />);
  /** Types `text` and lets the trigger report (its updates arrive a microtask later). */
  const type = async (text: string) => {
    for (const ch of text) await act(async () => e.view.dispatch(e.state.tr.insertText(ch)));
  };
  /** A key as the text receives it: the trigger hands it to the list first. */
  const press = async (key: string) => {
    let used = false;
    await act(async () => {
      used = e.view.someProp('handleKeyDown', (f) => f(e.view, new KeyboardEvent('keydown', { key }))) ?? false;
    });
    return used;
  };
  return { e, store, onRun, type, press };
}

describe("the '/' menu's list", () => {
  it('names its active option to the text, moves with the arrows (wrapping) and picks with Enter', async () => {
    const { e, onRun, type, press } = await setUp(true);
    await type('/fill');
    const list = screen.getByRole('listbox', { name: 'Insert block or ask AI' });
    expect(e.view.dom.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-labelledby') && document.getElementById(o.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Fill Paragraph',
      'Fill Sentence',
    ]);
    expect(e.view.dom.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(await press('ArrowUp')).toBe(true);
    expect(e.view.dom.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(await press('Enter')).toBe(true);
    expect(onRun).toHaveBeenCalledWith('fill-sentence');
    expect(e.state.doc.textContent).toBe('');
  });

  it('lists the assistant disabled, saying why, while AI is not set up; Enter on it does nothing', async () => {
    const { e, onRun, type, press } = await setUp(false);
    await type('/');
    const ask = screen.getByRole('option', { name: 'Ask AI…' });
    expect(ask.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(ask.getAttribute('aria-describedby')!)?.textContent).toBe(AI_NOT_SET_UP);
    expect(screen.getByRole('option', { name: 'Heading 1' }).getAttribute('aria-disabled')).toBeNull();
    await type('fill');
    await press('Enter');
    expect(onRun).not.toHaveBeenCalled();
    expect(e.state.doc.textContent).toBe('/fill');
  });

  it("says 'No matches' with the way out, and leaves three characters later", async () => {
    const { store, type } = await setUp(true);
    // ('q' names Quote: a letter no item starts with.)
    await type('/zz');
    expect(screen.getByRole('status').textContent).toMatch(/No matches.*Esc to close/);
    expect(store.get()).not.toBeNull();
    await type('z');
    expect(store.get()).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
