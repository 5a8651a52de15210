import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import type { FileMetadata } from '@bree/contracts';
import { ServicesProvider, type Services } from '../../../app/services';
import { seedFileMetadata } from '../useFileMetadata';
import { AuthorshipSection } from './AuthorshipSection';

const AI = { type: 'aiProvenance', attrs: { operationId: 'op_1', action: 'enhance', tier: 'fast', at: '2026-01-02T03:04:05.000Z' } };
// 12 characters of the writer's and 4 of the AI's (spaces are not counted).
const doc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Twelve chars. ' },
        { type: 'text', text: 'Wxyz', marks: [AI] },
      ],
    },
  ],
};

let editor: Editor | null = null;
afterEach(() => {
  cleanup();
  editor?.destroy();
  editor = null;
});

function setup(metadata: FileMetadata = { authenticity: 'Untagged' }) {
  editor = new Editor({ element: document.createElement('div'), extensions: breeExtensions(), content: doc });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedFileMetadata(queryClient, 'f1', metadata);
  const post = vi.fn(async () => ({ file: { filePath: 'Essay.txt' } }));
  const patch = vi.fn(async (_path: string, body: { metadata: FileMetadata }) => ({ file: { metadata: { ...metadata, ...body.metadata } } }));
  const services = { api: { post, patch }, queryClient } as unknown as Services;
  render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <AuthorshipSection editor={editor} tenantId="t1" fileId="f1" />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { editor, patch };
}

describe("the Document panel's authorship", () => {
  it('shows the shares by characters and follows the edits', async () => {
    const { editor } = setup();
    // 12 of 16 characters are the writer's; 'Wxyz' is the AI's.
    expect(screen.getByTestId('authorship-line').textContent).toBe('Written by you: 75 % · AI-assisted: 25 %');
    // Retyping the AI's word makes it the writer's.
    act(() => {
      const end = editor.state.doc.content.size - 1;
      editor
        .chain()
        .setTextSelection({ from: end - 4, to: end })
        .insertContent('Mine')
        .run();
    });
    await waitFor(() => expect(screen.getByTestId('authorship-line').textContent).toBe('Written by you: 100 % · AI-assisted: 0 %'));
    act(() => {
      editor.commands.clearContent(true);
    });
    await waitFor(() => expect(screen.getByTestId('authorship-line').textContent).toBe('No text yet.'));
  });

  it("switches the AI text's highlight on and off from the keyboard-reachable switch", () => {
    const { editor } = setup();
    const toggle = screen.getByRole('switch', { name: 'Show AI-written text' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(editor.view.dom.classList.contains('bree-show-ai')).toBe(true);
    fireEvent.click(toggle);
    expect(editor.view.dom.classList.contains('bree-show-ai')).toBe(false);
  });

  it('suggests the tag from the figures and sets it only when the author asks', async () => {
    const { patch } = setup({ authenticity: 'Human' });
    expect(screen.getByTestId('suggested-tag').textContent).toContain('Suggested tag: AI-Assisted');
    expect(patch).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use this tag' }));
    });
    expect(patch).toHaveBeenCalledWith('/files/metadata/t1/Essay.txt', { metadata: { authenticity: 'AI-Assisted' } }, expect.anything());
    await waitFor(() => expect(screen.getByTestId('suggested-tag').textContent).toContain('Tagged AI-Assisted'));
    expect(screen.queryByRole('button', { name: 'Use this tag' })).toBeNull();
  });
});
