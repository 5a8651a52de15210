import type { Editor } from '@tiptap/core';

/**
 * Typing that starts before the new document's editor is on screen. A writer clicks 'Create new
 * document' and starts typing at once; the document is created and its editor opens about a second
 * later. The keys typed in between are held here and typed into the new document when it opens, so
 * none are lost. Kept apart from the editor's components so the list can import it cheaply.
 */

/** Long enough for a slow create and editor load; a buffer nobody takes after this is dropped. */
const HOLD_LIMIT_MS = 20_000;

let held: string[] | null = null;
let expiry: ReturnType<typeof setTimeout> | undefined;

function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

function onKeyDown(event: KeyboardEvent): void {
  if (!held || event.isComposing || event.ctrlKey || event.metaKey) return;
  // Typing into a field (a dialog that opened meanwhile) belongs to that field.
  if (isEditableTarget(event.target)) return;
  if (event.key === 'Backspace') held.pop();
  else if (event.key === 'Enter') held.push('\n');
  else if (event.key.length === 1) held.push(event.key);
  else return;
  // The key is the document's now: Enter or Space must not press the focused button again.
  event.preventDefault();
  event.stopPropagation();
}

function stop(): void {
  window.removeEventListener('keydown', onKeyDown, true);
  clearTimeout(expiry);
  expiry = undefined;
}

/** Starts holding keys; called as the create request is sent. */
export function startTypeAhead(): void {
  stop();
  held = [];
  window.addEventListener('keydown', onKeyDown, true);
  expiry = setTimeout(cancelTypeAhead, HOLD_LIMIT_MS);
}

/** Stops holding keys and drops them: the document could not be created. */
export function cancelTypeAhead(): void {
  stop();
  held = null;
}

/** Stops holding keys and hands over what was typed (empty when nothing was held). */
export function takeTypeAhead(): string {
  const text = held?.join('') ?? '';
  cancelTypeAhead();
  return text;
}

/** Types what was held into the editor at the caret, a new paragraph for each Enter, as one step. */
export function typeHeldKeys(editor: Editor, text: string): void {
  if (!text) return;
  let chain = editor.chain().focus();
  text.split('\n').forEach((line, index) => {
    if (index > 0) chain = chain.splitBlock();
    if (line) chain = chain.insertContent({ type: 'text', text: line });
  });
  chain.run();
}
