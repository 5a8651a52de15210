/**
 * What picking an item of the '/' menu does to the document (docs/PRODUCT.md#editor, "The '/' menu"):
 * the '/query' goes, then the block style applies to the block it was typed in, or the assistant
 * takes over at the caret (or on that paragraph, for a rewrite).
 */
import type { Editor, Range } from '@tiptap/core';
import type { AiAction } from '@bree/contracts';
import type { SlashCommand } from './slashItems';
import { requestCheckDraft } from '../checks/panel/checkRequest';
import { chooseImage } from './images/imageEditing';
import { insertTable } from './tables/tableCommands';

/** Whether the block the '/query' sits in has words besides it (a rewrite needs text). */
export function paragraphHasText({ editor, range }: { editor: Editor; range: Range }): boolean {
  const { doc } = editor.state;
  if (range.from > doc.content.size) return false;
  const $from = doc.resolve(range.from);
  const start = $from.start();
  const end = $from.end();
  const to = Math.min(range.to, end);
  const rest = doc.textBetween(start, range.from, ' ', ' ') + doc.textBetween(to, end, ' ', ' ');
  return /[\p{L}\p{N}]/u.test(rest);
}

export interface SlashHandlers {
  /** The assistant's flow (useAssistant's run). */
  onRun(action: AiAction): void;
  /** Opens the Ask AI prompt (askAiRequest). */
  onAskAi(): void;
}

/** Removes the '/query' at `range` and does what `command` says. */
export function applySlashCommand({
  editor,
  range,
  command,
  handlers,
}: {
  editor: Editor;
  range: Range;
  command: SlashCommand;
  handlers: SlashHandlers;
}): void {
  const chain = editor.chain().focus().deleteRange(range);
  switch (command.kind) {
    case 'paragraph':
      chain.setParagraph().run();
      return;
    case 'heading':
      chain.setHeading({ level: command.level }).run();
      return;
    case 'bulletList':
      // Already that list: nothing to toggle off (the menu only ever turns a block into one).
      (editor.isActive('bulletList') ? chain : chain.toggleBulletList()).run();
      return;
    case 'orderedList':
      (editor.isActive('orderedList') ? chain : chain.toggleOrderedList()).run();
      return;
    case 'taskList':
      (editor.isActive('taskList') ? chain : chain.toggleTaskList()).run();
      return;
    case 'blockquote':
      (editor.isActive('blockquote') ? chain : chain.setBlockquote()).run();
      return;
    case 'codeBlock':
      (editor.isActive('codeBlock') ? chain : chain.setCodeBlock()).run();
      return;
    case 'horizontalRule':
      chain.setHorizontalRule().run();
      return;
    case 'image':
      chain.run();
      chooseImage(editor);
      return;
    case 'table':
      chain.run();
      insertTable(editor);
      return;
    case 'askAi':
      chain.run();
      handlers.onAskAi();
      return;
    case 'checkDraft':
      chain.run();
      requestCheckDraft();
      return;
    case 'assistant': {
      chain.run();
      if (command.paragraph) {
        // A rewrite works on a selection: the whole paragraph the slash was typed in.
        const $pos = editor.state.selection.$from;
        editor.commands.setTextSelection({ from: $pos.start(), to: $pos.end() });
      }
      handlers.onRun(command.action);
    }
  }
}
