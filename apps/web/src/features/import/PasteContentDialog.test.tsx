import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toast';
import { PasteContentDialog } from './PasteContentDialog';
import { ADD_TO_REPOSITORY_DEFAULT } from './importFiles';
import { withServices } from './testServices';

interface Pending {
  body: { filePath: string; content: unknown; isRepository: boolean; metadata: unknown };
  resolve: () => void;
  reject: () => void;
}

function setup() {
  const pending: Pending[] = [];
  const post = vi.fn(
    (_path: string, body: Pending['body']) =>
      new Promise((resolve, reject) => {
        pending.push({ body, resolve: () => resolve({ success: true, file: { name: body.filePath } }), reject: () => reject(new Error('down')) });
      }),
  );
  const onOpenChange = vi.fn();
  render(<PasteContentDialog open onOpenChange={onOpenChange} />, { wrapper: withServices({ post } as never) });
  return {
    pending,
    onOpenChange,
    name: () => screen.getByRole('textbox', { name: 'Document Name' }) as HTMLInputElement,
    content: () => screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement,
    button: (label: string | RegExp) => screen.getByRole('button', { name: label }) as HTMLButtonElement,
  };
}

beforeEach(() => {
  vi.spyOn(notify, 'success').mockReturnValue('');
  vi.spyOn(notify, 'error').mockReturnValue('');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(cleanup);

describe("the 'Add Content to Repository' modal", () => {
  it('has the three fields, Untagged by default, and the three buttons', () => {
    const ui = setup();
    expect(screen.getByRole('dialog', { name: 'Add Content to Repository' })).toBeTruthy();
    const tag = screen.getByRole('combobox', { name: 'Authenticity Tag' }) as HTMLSelectElement;
    expect(tag.value).toBe('Untagged');
    expect(Array.from(tag.options).map((o) => o.value)).toEqual(['Human', 'AI-Assisted', 'AI', 'Untagged']);
    for (const label of ['Cancel', 'Create & Continue', 'Create']) expect(ui.button(label)).toBeTruthy();
  });

  it('asks for a name (focusing it) and then for content', () => {
    const ui = setup();
    ui.content().focus();
    fireEvent.click(ui.button('Create'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a document name');
    expect(document.activeElement).toBe(ui.name());
    fireEvent.change(ui.name(), { target: { value: '  Essay ' } });
    fireEvent.change(ui.content(), { target: { value: '   ' } });
    fireEvent.click(ui.button('Create'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter some content');
    expect(ui.pending).toHaveLength(0);
  });

  it('Ctrl+Enter creates and continues: a repository file once ticked, first paragraph marked, fields cleared, name refocused', async () => {
    const ui = setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add to my repository' }));
    fireEvent.change(ui.name(), { target: { value: 'Newsletter' } });
    fireEvent.change(ui.content(), { target: { value: 'Hello there\nfriend\n\nSecond' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Authenticity Tag' }), { target: { value: 'Human' } });
    fireEvent.keyDown(ui.content(), { key: 'Enter', ctrlKey: true });
    expect(ui.pending[0]?.body).toEqual({
      filePath: 'Newsletter.txt',
      isRepository: true,
      metadata: { authenticity: 'Human' },
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { isFirstParagraph: true },
            content: [{ type: 'text', text: 'Hello there' }, { type: 'hardBreak' }, { type: 'text', text: 'friend' }],
          },
          { type: 'paragraph', content: [{ type: 'text', text: 'Second' }] },
        ],
      },
    });
    expect(ui.name().value).toBe('');
    expect(ui.content().value).toBe('');
    expect(document.activeElement).toBe(ui.name());

    // While one is in flight both create buttons read 'Creating...' and a new create is refused.
    const creating = screen.getAllByRole('button', { name: 'Creating...' }) as HTMLButtonElement[];
    expect(creating.map((b) => b.disabled)).toEqual([true, true]);
    fireEvent.change(ui.name(), { target: { value: 'Next' } });
    fireEvent.change(ui.content(), { target: { value: 'More' } });
    fireEvent.keyDown(ui.name(), { key: 'Enter', metaKey: true });
    expect(screen.getByRole('alert').textContent).toBe('Please wait for previous document to finish creating.');
    expect(ui.pending).toHaveLength(1);

    await act(async () => ui.pending[0]?.resolve());
    await waitFor(() => expect(ui.button('Create').disabled).toBe(false));
    expect(ui.onOpenChange).not.toHaveBeenCalled();
  });

  it('asks, as the upload dialog does and unticked as there, whether the text goes into the repository; left so, it makes a plain document', async () => {
    const ui = setup();
    const option = screen.getByRole('checkbox', { name: 'Add to my repository' }) as HTMLInputElement;
    expect(option.checked).toBe(ADD_TO_REPOSITORY_DEFAULT);
    expect(option.checked).toBe(false);
    fireEvent.change(ui.name(), { target: { value: 'Memo' } });
    fireEvent.change(ui.content(), { target: { value: 'Not mine' } });
    fireEvent.click(ui.button('Create'));
    expect(ui.pending[0]?.body).toMatchObject({ filePath: 'Memo.txt', isRepository: false });
    await act(async () => ui.pending[0]?.resolve());
    expect(notify.success).toHaveBeenCalledWith('Memo added to your documents');
  });

  it('Create closes the modal once the document is saved', async () => {
    const ui = setup();
    fireEvent.change(ui.name(), { target: { value: 'Essay' } });
    fireEvent.change(ui.content(), { target: { value: 'Words' } });
    fireEvent.click(ui.button('Create'));
    expect(ui.onOpenChange).not.toHaveBeenCalled();
    await act(async () => ui.pending[0]?.resolve());
    expect(ui.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says the create failed and gives the draft back', async () => {
    const ui = setup();
    fireEvent.change(ui.name(), { target: { value: 'Essay' } });
    fireEvent.change(ui.content(), { target: { value: 'Words' } });
    fireEvent.click(ui.button('Create & Continue'));
    await act(async () => ui.pending[0]?.reject());
    expect(notify.error).toHaveBeenCalledWith('Failed to create document. Please try again.');
    expect(ui.name().value).toBe('Essay');
    expect(ui.content().value).toBe('Words');
  });
});
