import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { EditorView } from '@tiptap/pm/view';
import { SHORTCUTS, tiptapKeys } from './shortcuts';

export { ImageEditing, withImageView } from './images/imageEditing';
export { TableEditing } from './tables/tableEditingLoader';

export interface EditorShortcutOptions {
  /** Ctrl/Cmd+F inside the editor: the find bar instead of the browser's find. */
  onFind(): void;
  /** Ctrl/Cmd+K: the link popover. */
  onLink(): void;
}

/** Ctrl/Cmd+F and Ctrl/Cmd+K, handled (and so kept from the browser) while the text has focus. */
export const EditorShortcuts = Extension.create<EditorShortcutOptions>({
  name: 'breeEditorShortcuts',
  addOptions() {
    return { onFind: () => undefined, onLink: () => undefined };
  },
  addKeyboardShortcuts() {
    return {
      // Named from the shortcut table, which the tooltips and the Ctrl+/ list read too.
      [tiptapKeys(SHORTCUTS.find.keys)]: () => {
        this.options.onFind();
        return true;
      },
      [tiptapKeys(SHORTCUTS.link.keys)]: () => {
        this.options.onLink();
        return true;
      },
    };
  },
});

/** The text a link is being made for: it stays marked while focus is in the link popover. */
export const linkTargetKey = new PluginKey<DecorationSet>('breeLinkTarget');

/** Marks (or, with null, unmarks) the range the link popover works on. */
export function setLinkTarget(view: EditorView, range: { from: number; to: number } | null): void {
  view.dispatch(view.state.tr.setMeta(linkTargetKey, range));
}

/** Draws the link popover's target range as a decoration (never part of the document). */
export const LinkTarget = Extension.create({
  name: 'breeLinkTarget',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: linkTargetKey,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            const range = tr.getMeta(linkTargetKey) as { from: number; to: number } | null | undefined;
            if (range === null) return DecorationSet.empty;
            if (range) {
              if (range.from >= range.to) return DecorationSet.empty;
              return DecorationSet.create(tr.doc, [Decoration.inline(range.from, range.to, { class: 'bree-link-target' })]);
            }
            return set.map(tr.mapping, tr.doc);
          },
        },
        props: { decorations: (state) => linkTargetKey.getState(state) },
      }),
    ];
  },
});
