import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { onAskAiRequest } from '../askAiRequest';
import { AskAiKeys, setAskAiOnSpace } from './askAiKeys';

/** A key as the browser gives it to ProseMirror; true when the editor took it. */
function press(e: Editor, init: KeyboardEventInit): boolean {
  const event = new KeyboardEvent('keydown', { bubbles: true, ...init });
  if (init.key === 'j') Object.defineProperty(event, 'keyCode', { value: 74 });
  if (init.key === ' ') Object.defineProperty(event, 'keyCode', { value: 32 });
  return e.view.someProp('handleKeyDown', (f) => f(e.view, event)) ?? false;
}

describe('the keys that open Ask AI', () => {
  let editor: Editor | null = null;
  let stop: () => void = () => undefined;
  afterEach(() => {
    editor?.destroy();
    stop();
    setAskAiOnSpace(true);
  });

  function setUp(content: string, caret: number): { e: Editor; asked: ReturnType<typeof vi.fn> } {
    const element = document.createElement('div');
    document.body.append(element);
    const e = new Editor({ element, extensions: [...breeExtensions(), AskAiKeys], content });
    e.commands.setTextSelection(caret);
    editor = e;
    const asked = vi.fn();
    stop = onAskAiRequest(asked);
    return { e, asked };
  }

  it('Ctrl+J (⌘J on a Mac) asks for the prompt anywhere in the text', () => {
    const { e, asked } = setUp('<p>Harbour light</p>', 3);
    expect(press(e, { key: 'j', ctrlKey: true })).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(e.getText()).toBe('Harbour light');
  });

  it('Space asks only on an empty line, and is then typed nowhere', () => {
    const { e, asked } = setUp('<p>Harbour light</p><p></p>', 16);
    expect(e.state.selection.$from.parent.content.size).toBe(0);
    expect(press(e, { key: ' ' })).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(e.getText()).toBe('Harbour light\n\n');
    // In a line with words, Space is a space.
    e.commands.setTextSelection(8);
    expect(press(e, { key: ' ' })).toBe(false);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('Space types a space while the server has no AI', () => {
    const { e, asked } = setUp('<p></p>', 1);
    setAskAiOnSpace(false);
    expect(press(e, { key: ' ' })).toBe(false);
    expect(asked).not.toHaveBeenCalled();
  });
});
