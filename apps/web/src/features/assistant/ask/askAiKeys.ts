import { Extension } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { SHORTCUTS, tiptapKeys } from '../../editor/shortcuts';
import { requestAskAi } from '../askAiRequest';

/** Whether Space on an empty line asks for the prompt: only while the server has AI (else it types a space). */
let spaceOpens = true;

/** Set by the prompt's owner from the server's AI configuration (AskAi.tsx). */
export function setAskAiOnSpace(on: boolean): void {
  spaceOpens = on;
}

/** The caret alone in an empty top-level paragraph: the "empty line" Space opens Ask AI on (docs/ASSISTANT.md "Ask AI"). */
export function onEmptyLine(state: EditorState): boolean {
  const { selection } = state;
  if (!selection.empty) return false;
  const { $from } = selection;
  return $from.depth === 1 && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0;
}

/**
 * The keys that open Ask AI from the text (the first load carries only these; the prompt loads
 * when first opened): Ctrl/Cmd+J anywhere in the text, and Space on an empty line, which then
 * types nothing.
 */
export const AskAiKeys = Extension.create({
  name: 'breeAskAiKeys',
  addKeyboardShortcuts() {
    return {
      [tiptapKeys(SHORTCUTS.askAi.keys)]: () => {
        requestAskAi();
        return true;
      },
      Space: ({ editor }) => {
        if (!spaceOpens || !onEmptyLine(editor.state)) return false;
        requestAskAi();
        return true;
      },
    };
  },
});
