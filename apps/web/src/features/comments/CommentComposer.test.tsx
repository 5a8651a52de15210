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
});
