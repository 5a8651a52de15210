import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { UndoRedo } from '@tiptap/extensions';
import { breeExtensions } from '@bree/editor';
import { EditorShortcuts } from './editingExtensions';
import { SHORTCUTS, ariaKeys, formatKeys, matchesKeys, tiptapKeys, tooltipFor } from './shortcuts';
import { shortcutList } from './ShortcutsList';
import type { KeyCombo, ShortcutId } from './shortcuts';

describe('the shortcut table as words', () => {
  it('writes a tooltip with Ctrl elsewhere and ⌘ on a Mac', () => {
    expect(tooltipFor({ id: 'bold', mac: false })).toBe('Bold (Ctrl+B)');
    expect(tooltipFor({ id: 'bold', mac: true })).toBe('Bold (⌘B)');
    expect(tooltipFor({ id: 'strike', mac: false })).toBe('Strikethrough (Ctrl+Shift+S)');
    expect(tooltipFor({ id: 'strike', mac: true })).toBe('Strikethrough (⌘⇧S)');
    expect(tooltipFor({ id: 'heading2', mac: false })).toBe('Heading 2 (Ctrl+Alt+2)');
    expect(formatKeys({ keys: SHORTCUTS.selectionActions.keys, mac: false })).toBe('Alt+F10');
    expect(formatKeys({ keys: SHORTCUTS.shortcuts.keys, mac: false })).toBe('Ctrl+/');
  });

  it('spells aria-keyshortcuts and TipTap keys from the same entry', () => {
    expect(ariaKeys({ keys: SHORTCUTS.bold.keys, mac: false })).toBe('Control+B');
    expect(ariaKeys({ keys: SHORTCUTS.redo.keys, mac: true })).toBe('Meta+Shift+Z');
    expect(tiptapKeys(SHORTCUTS.find.keys)).toBe('Mod-f');
    expect(tiptapKeys(SHORTCUTS.orderedList.keys)).toBe('Mod-Shift-7');
  });

  it('lists every entry once, grouped, with the alternative keys', () => {
    const rows = shortcutList({ mac: false }).flatMap((g) => g.rows);
    expect(rows).toHaveLength(Object.keys(SHORTCUTS).length);
    expect(rows.find((r) => r.label === 'Redo')?.keys).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
    expect(shortcutList({ mac: false }).map((g) => g.group)).toEqual(['Text', 'Editing', 'Assistant', 'Anywhere']);
  });

  it('matches Ctrl+/ or ⌘/ (Shift allowed for layouts where / is shifted), nothing else', () => {
    const keys = SHORTCUTS.shortcuts.keys;
    const event = (over: Partial<KeyboardEvent>) => ({ key: '/', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });
    expect(matchesKeys({ event: event({ ctrlKey: true }), keys })).toBe(true);
    expect(matchesKeys({ event: event({ metaKey: true }), keys })).toBe(true);
    expect(matchesKeys({ event: event({ ctrlKey: true, shiftKey: true }), keys })).toBe(true);
    expect(matchesKeys({ event: event({}), keys })).toBe(false);
    expect(matchesKeys({ event: event({ ctrlKey: true, altKey: true }), keys })).toBe(false);
    expect(matchesKeys({ event: event({ ctrlKey: true, key: 'k' }), keys })).toBe(false);
    expect(matchesKeys({ event: event({ ctrlKey: true, shiftKey: true, key: 'S' }), keys: SHORTCUTS.strike.keys })).toBe(true);
    expect(matchesKeys({ event: event({ ctrlKey: true, key: 's' }), keys: SHORTCUTS.strike.keys })).toBe(false);
  });
});

describe('the table agrees with what the keys do in the editor', () => {
  let editor: Editor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  /** Presses `keys` in the editor as a keyboard would (jsdom is not a Mac: Mod is Ctrl). */
  function press(e: Editor, keys: KeyCombo): boolean {
    const key = keys.shift && keys.key.length === 1 && /[a-z]/.test(keys.key) ? keys.key.toUpperCase() : keys.key;
    const event = new KeyboardEvent('keydown', { key, ctrlKey: Boolean(keys.mod), altKey: Boolean(keys.alt), shiftKey: Boolean(keys.shift), bubbles: true });
    // A browser gives the key's code too; ProseMirror reads it for shifted letters (Ctrl+Shift+Z).
    if (/^[a-z0-9]$/i.test(keys.key)) Object.defineProperty(event, 'keyCode', { value: keys.key.toUpperCase().charCodeAt(0) });
    return e.view.someProp('handleKeyDown', (f) => f(e.view, event)) ?? false;
  }

  const onFind = vi.fn();
  const onLink = vi.fn();
  function setUp(): Editor {
    const element = document.createElement('div');
    document.body.append(element);
    editor = new Editor({
      element,
      extensions: [...breeExtensions(), UndoRedo, EditorShortcuts.configure({ onFind, onLink })],
      content: '<p>Harbour light</p>',
    });
    editor.commands.setTextSelection({ from: 1, to: 8 });
    return editor;
  }

  const checks: [ShortcutId, (e: Editor) => boolean][] = [
    ['bold', (e) => e.isActive('bold')],
    ['italic', (e) => e.isActive('italic')],
    ['underline', (e) => e.isActive('underline')],
    ['strike', (e) => e.isActive('strike')],
    ['code', (e) => e.isActive('code')],
    ['bulletList', (e) => e.isActive('bulletList')],
    ['orderedList', (e) => e.isActive('orderedList')],
    ['taskList', (e) => e.isActive('taskList')],
    ['blockquote', (e) => e.isActive('blockquote')],
    ['heading3', (e) => e.isActive('heading', { level: 3 })],
    ['heading6', (e) => e.isActive('heading', { level: 6 })],
  ];
  for (const [id, done] of checks) {
    it(`${SHORTCUTS[id].label}: ${formatKeys({ keys: SHORTCUTS[id].keys, mac: false })}`, () => {
      const e = setUp();
      expect(done(e)).toBe(false);
      expect(press(e, SHORTCUTS[id].keys)).toBe(true);
      expect(done(e)).toBe(true);
    });
  }

  it('Normal text, Undo, Redo and its alternative, Find and Link do what the list says', () => {
    const e = setUp();
    press(e, SHORTCUTS.heading1.keys);
    expect(press(e, SHORTCUTS.paragraph.keys)).toBe(true);
    expect(e.isActive('paragraph')).toBe(true);
    press(e, SHORTCUTS.bold.keys);
    expect(press(e, SHORTCUTS.undo.keys)).toBe(true);
    expect(e.isActive('bold')).toBe(false);
    expect(press(e, SHORTCUTS.redo.keys)).toBe(true);
    expect(e.isActive('bold')).toBe(true);
    press(e, SHORTCUTS.undo.keys);
    expect(press(e, SHORTCUTS.redo.alternative)).toBe(true);
    expect(e.isActive('bold')).toBe(true);
    expect(press(e, SHORTCUTS.find.keys)).toBe(true);
    expect(onFind).toHaveBeenCalledTimes(1);
    expect(press(e, SHORTCUTS.link.keys)).toBe(true);
    expect(onLink).toHaveBeenCalledTimes(1);
  });

  it('Ctrl+/ is not taken by the editor, so the list can have it', () => {
    expect(press(setUp(), SHORTCUTS.shortcuts.keys)).toBe(false);
  });
});
