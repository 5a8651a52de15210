import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { COMMENT_MAX_BODY } from '@bree/contracts';
import { CommentComposer } from './CommentComposer';

afterEach(cleanup);

describe('the comment box near its length limit', () => {
  const renderBox = () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<CommentComposer label="Comment" submitLabel="Send" people={[]} onSubmit={onSubmit} />);
    return { box: screen.getByRole('textbox', { name: 'Comment' }), send: screen.getByRole('button', { name: 'Send' }), onSubmit };
  };

  it('keeps a long paste whole, says by how much it is over, and does not send it', () => {
    const { box, send, onSubmit } = renderBox();
    fireEvent.change(box, { target: { value: 'a'.repeat(COMMENT_MAX_BODY + 732) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(COMMENT_MAX_BODY + 732);
    expect(screen.getByText('4,732 of 4,000 characters: shorten it to send.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts only near the limit, and sends at it', () => {
    const { box, send, onSubmit } = renderBox();
    fireEvent.change(box, { target: { value: 'a'.repeat(100) } });
    expect(screen.queryByText(/of 4,000 characters/)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(COMMENT_MAX_BODY) } });
    expect(screen.getByText('4,000 of 4,000 characters.')).toBeTruthy();
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledWith('a'.repeat(COMMENT_MAX_BODY));
  });

  it('asks before Escape or Cancel throws away words typed; with none, cancels at once', () => {
    const onCancel = vi.fn();
    render(<CommentComposer label="Comment" submitLabel="Send" people={[]} onSubmit={() => Promise.resolve(true)} onCancel={onCancel} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    fireEvent.change(box, { target: { value: 'A thought' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    const ask = screen.getByRole('alertdialog', { name: 'Discard what you wrote?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep writing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('A thought');
    expect(ask.isConnected).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
