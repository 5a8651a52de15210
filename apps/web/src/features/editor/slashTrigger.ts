/**
 * The '/' menu's trigger: TipTap's suggestion utility watching for a slash on an empty line or
 * after a space (docs/PRODUCT.md#editor, "The '/' menu"). It reports to a small store that the
 * menu's list reads; loaded with the list, just after the editor shows (docs/PAGE-WEIGHT.md).
 */
import type { Editor, Range } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion, exitSuggestion } from '@tiptap/suggestion';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';

export const slashMenuKey = new PluginKey('breeSlashMenu');

/**
 * Whether a slash at `range.from` may open the menu: at the start of a block, after a line break
 * or whitespace — never inside a word or a URL ('and/or', 'http://'), nor in inline code. The
 * suggestion utility only looks at the text node before the caret, so a slash right after bold
 * text would pass its own check: the character before is read from the document here.
 */
export function slashAllowed({ state, range }: { state: EditorState; range: Range }): boolean {
  const $from = state.doc.resolve(range.from);
  if (!$from.parent.isTextblock || $from.parent.type.spec.code) return false;
  if ($from.marks().some((mark) => mark.type.name === 'code')) return false;
  if ($from.parentOffset === 0) return true;
  const before = state.doc.textBetween(range.from - 1, range.from, '\n', '\n');
  return /^\s$/.test(before);
}

/** What the list shows while the menu is open. */
export interface SlashSession {
  /** The '/query' in the document: picking an item removes it. */
  range: Range;
  query: string;
  /** Where the slash is on screen, read when needed (the text may scroll). */
  clientRect: () => DOMRect | null;
}

/** The open menu, for the list: the session (null when closed) and the list's key handler. */
export interface SlashStore {
  get(): SlashSession | null;
  subscribe(listener: () => void): () => void;
  /** The list handles the keys while the menu is open; true when it used the key. */
  keyHandler: ((event: KeyboardEvent) => boolean) | null;
  set(session: SlashSession | null): void;
}

/** A store for one editor's menu. */
export function createSlashStore(): SlashStore {
  let session: SlashSession | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    keyHandler: null,
    set(next) {
      session = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The ProseMirror plugin that opens, follows and closes the menu for `editor`, reporting to `store`. */
export function slashPlugin({ editor, store }: { editor: Editor; store: SlashStore }) {
  const report = (props: SuggestionProps) => store.set({ range: props.range, query: props.query, clientRect: () => props.clientRect?.() ?? null });
  return Suggestion({
    pluginKey: slashMenuKey,
    editor,
    char: '/',
    // A space or a no-break space (which browsers type at the end of a line) before it; the start of a block passes too.
    allowedPrefixes: [' ', '\u00a0'],
    decorationClass: 'bree-slash-query',
    allow: ({ state, range }) => slashAllowed({ state, range }),
    // The list is ours: the suggestion utility positions nothing and filters nothing.
    items: () => [],
    render: () => ({
      onStart: report,
      onUpdate: report,
      onExit: () => store.set(null),
      onKeyDown: ({ event }: SuggestionKeyDownProps) => {
        // Escape is the utility's own: it closes the menu and leaves the '/text' as typed.
        if (event.key === 'Escape') return false;
        return store.keyHandler?.(event) ?? false;
      },
    }),
  });
}

/** Closes the menu and leaves what was typed as text (it stays closed until the writer types a space or moves away). */
export function closeSlashMenu(editor: Editor): void {
  exitSuggestion(editor.view, slashMenuKey);
}
