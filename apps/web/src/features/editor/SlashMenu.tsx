import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Editor } from '@tiptap/core';
import type { AiAction } from '@bree/contracts';
import { useAiAvailability } from '../assistant';
import { SlashList } from './SlashList';
import { closeSlashMenu, createSlashStore, slashMenuKey, slashPlugin } from './slashTrigger';
import type { SlashStore } from './slashTrigger';

/** Registers the '/' trigger on `editor` while mounted; returns its store. Prepended, so its keys come before the editor's own (Enter, Tab). */
function useSlashPlugin(editor: Editor): SlashStore {
  const [store] = useState(createSlashStore);
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.registerPlugin(slashPlugin({ editor, store }), (plugin, plugins) => [plugin, ...plugins]);
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(slashMenuKey);
    };
  }, [editor, store]);
  return store;
}

/**
 * The '/' menu (docs/PRODUCT.md#editor, "The '/' menu"): registers the trigger on the editor and,
 * while a '/query' is open, shows the matching blocks and assistant actions under it. The caret
 * stays in the text (a combobox with aria-activedescendant): arrows move, Enter or Tab picks,
 * Escape closes. Loaded just after the editor shows, never with it (docs/PAGE-WEIGHT.md).
 */
export function SlashMenu({ editor, onRun }: { editor: Editor; onRun(action: AiAction): void }) {
  const store = useSlashPlugin(editor);
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  const { available } = useAiAvailability();
  // Closing the text (a tap elsewhere, another window) closes the menu; the '/text' stays.
  useEffect(() => {
    const onBlur = () => {
      if (store.get()) closeSlashMenu(editor);
    };
    editor.on('blur', onBlur);
    return () => void editor.off('blur', onBlur);
  }, [editor, store]);
  if (!session) return null;
  return <SlashList editor={editor} store={store} session={session} onRun={onRun} aiAvailable={available} />;
}
