import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toast';
import { ADD_TO_REPOSITORY_DEFAULT } from './importFiles';
import { withServices } from './testServices';
import { UploadDialog } from './UploadDialog';

function setup(initialFiles?: File[]) {
  const bodies: { filePath: string; isRepository: boolean }[] = [];
  const post = vi.fn(async (_path: string, body: { filePath: string; isRepository: boolean }) => {
    bodies.push(body);
    return { success: true, file: { name: body.filePath, content: null } };
  });
  render(<UploadDialog open onOpenChange={vi.fn()} initialFiles={initialFiles} />, { wrapper: withServices({ post } as never) });
  const dialog = screen.getByRole('dialog', { name: 'Upload Files' });
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  const choose = async (files: File[]) => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    await act(async () => {
      fireEvent.change(input);
    });
  };
  return { dialog, choose, bodies };
}

const sized = (name: string, size: number) => {
  const f = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  for (const kind of ['success', 'error', 'warning', 'loading'] as const) vi.spyOn(notify, kind).mockReturnValue('');
  vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined);
});
afterEach(cleanup);

describe('the upload dialog', () => {
  it('offers the drop zone, the repository option (off) and Close', () => {
    const ui = setup();
    expect(within(ui.dialog).getByText('Drag & drop files here, or click to browse')).toBeTruthy();
    const option = within(ui.dialog).getByRole('checkbox', { name: 'Add to my repository' }) as HTMLInputElement;
    expect(option.checked).toBe(ADD_TO_REPOSITORY_DEFAULT);
    expect(option.checked).toBe(false);
    expect(option.getAttribute('aria-describedby') && document.getElementById(option.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Bree learns your voice from the documents in your repository.',
    );
    expect(within(ui.dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });

  it('imports chosen files one by one with a done/total progress bar', async () => {
    const ui = setup();
    fireEvent.click(within(ui.dialog).getByRole('checkbox', { name: 'Add to my repository' }));
    await ui.choose([new File(['One'], 'one.txt', { type: 'text/plain' }), new File(['# Two'], 'two.md', { type: 'text/markdown' })]);
    await waitFor(() => expect(within(ui.dialog).getAllByText('Imported')).toHaveLength(2));
    const bar = within(ui.dialog).getByRole('progressbar', { name: 'Import progress' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuemin')]).toEqual(['2', '2', '0']);
    expect(ui.bodies.map((b) => [b.filePath, b.isRepository])).toEqual([
      ['one.txt', true],
      ['two.txt', true],
    ]);
    expect(notify.success).toHaveBeenCalledWith('Imported 2 file(s)');
  });

  it('refuses 11 files at once', async () => {
    const ui = setup();
    await ui.choose(Array.from({ length: 11 }, (_, i) => new File(['x'], `f${i}.txt`, { type: 'text/plain' })));
    expect(within(ui.dialog).getByRole('alert').textContent).toBe('You can upload up to 10 files at once.');
    expect(ui.bodies).toHaveLength(0);
  });

  it('refuses a file over 1 MB by name and still imports the others', async () => {
    const ui = setup();
    await ui.choose([sized('big.txt', 1_153_434), new File(['ok'], 'ok.txt', { type: 'text/plain' })]);
    expect(within(ui.dialog).getByRole('alert').textContent).toBe('big.txt exceeds 1 MB per-file limit');
    await waitFor(() => expect(ui.bodies.map((b) => b.filePath)).toEqual(['ok.txt']));
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith('Imported 1/2 files'));
  });

  it('imports files handed over by the list at once, with the list-level checks', async () => {
    const ui = setup([new File(['a'], 'a.txt'), new File(['b'], 'b.pdf')]);
    await waitFor(() => expect(ui.bodies.map((b) => b.filePath)).toEqual(['a.txt']));
    expect(within(ui.dialog).getByRole('alert').textContent).toBe('Unsupported file type: b.pdf');
  });
});
