import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { UndoRedo } from '@tiptap/extensions';
import { breeExtensions, type SaveMachine } from '@bree/editor';
import type { ApiClient } from '../../../lib/api';
import { registerOpenDocument } from '../openDocuments';
import { followSave } from './followSaves';

/** Following a save made elsewhere (docs/COLLABORATION.md "Following saves"): only a window with nothing unsaved takes it. */
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup) undo();
  cleanup = [];
});

function open({ dirty = false, revision = 1 } = {}) {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ element, extensions: [...breeExtensions(), UndoRedo], content: doc('Mine, as saved.') });
  const state = { dirty };
  const machine = { getState: () => ({ status: 'saved', savedAt: 1, dirty: state.dirty }), markCommitted: vi.fn() } as unknown as SaveMachine;
  const revisionRef = { current: revision };
  cleanup.push(registerOpenDocument('f1', { editor, machine, revisionRef }), () => editor.destroy());
  return { editor, machine, revisionRef, state };
}

function serverWith(text: string, revision: number, beforeAnswer: () => void = () => undefined) {
  const post = vi.fn(async () => {
    beforeAnswer();
    return { file: { content: doc(text), revision } };
  });
  return { api: { post } as unknown as ApiClient, post };
}

describe('followSave', () => {
  it('takes the latest text into a window with nothing unsaved, as committed and not as an undo step', async () => {
    const { editor, machine, revisionRef } = open();
    const { api, post } = serverWith('Theirs, saved elsewhere.', 2);
    await followSave(api, 'f1', 2);
    expect(post).toHaveBeenCalledWith('/files/get', { fileId: 'f1' }, expect.anything());
    expect(editor.getText()).toBe('Theirs, saved elsewhere.');
    expect(revisionRef.current).toBe(2);
    expect(machine.markCommitted).toHaveBeenCalled();
    editor.commands.undo();
    expect(editor.getText()).toBe('Theirs, saved elsewhere.');
  });

  it('asks nothing when the window has unsaved words, or already has that revision, or shows another document', async () => {
    const { api, post } = serverWith('Theirs.', 3);
    const unsaved = open({ dirty: true });
    await followSave(api, 'f1', 3);
    await followSave(api, 'other', 3);
    expect(unsaved.editor.getText()).toBe('Mine, as saved.');
    const current = open({ revision: 3 });
    await followSave(api, 'f1', 3);
    expect(current.editor.getText()).toBe('Mine, as saved.');
    expect(post).not.toHaveBeenCalled();
  });

  it('leaves the text alone when the writer typed while the latest was on its way (their save meets the conflict choice)', async () => {
    const opened = open();
    const { api } = serverWith('Theirs.', 2, () => {
      opened.editor.commands.insertContent(' typed');
      opened.state.dirty = true;
    });
    await followSave(api, 'f1', 2);
    expect(opened.editor.getText()).toContain('typed');
    expect(opened.editor.getText()).toContain('Mine, as saved.');
    expect(opened.revisionRef.current).toBe(1);
    expect(opened.machine.markCommitted).not.toHaveBeenCalled();
  });
});
