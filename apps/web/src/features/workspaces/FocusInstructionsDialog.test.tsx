import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_INSTRUCTIONS_MAX, FocusInstructionsDialog } from './FocusInstructionsDialog';

function setup(props: { bestUpToWords?: number; documentWords?: number } = {}) {
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <FocusInstructionsDialog
      open
      onOpenChange={onOpenChange}
      action="Threadify"
      bestUpToWords={props.bestUpToWords ?? 2500}
      documentWords={props.documentWords}
      onConfirm={onConfirm}
    />,
  );
  const field = screen.getByRole('textbox', { name: 'Focus instructions (optional)' }) as HTMLTextAreaElement;
  const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
  return { onConfirm, onOpenChange, field, confirm };
}

afterEach(cleanup);

describe('the focus instructions box', () => {
  it('is titled with the action, optional, and confirms an empty box', () => {
    const { onConfirm, onOpenChange, confirm } = setup();
    expect(screen.getByRole('dialog', { name: 'Threadify' })).toBeTruthy();
    expect(screen.getByText('0/500')).toBeTruthy();
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Enter confirms what was typed; Shift+Enter and Ctrl+Enter do not', () => {
    const { onConfirm, field } = setup();
    fireEvent.change(field, { target: { value: 'Lead with the numbers' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(onConfirm).not.toHaveBeenCalled();
    // Ctrl+Enter puts the new line in itself (a textarea would not).
    expect(field.value).toBe('Lead with the numbers\n');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledWith('Lead with the numbers');
  });

  it('counts characters and turns Confirm off above 500; Enter does nothing then', () => {
    const { onConfirm, field, confirm } = setup();
    fireEvent.change(field, { target: { value: 'x'.repeat(FOCUS_INSTRUCTIONS_MAX) } });
    expect(screen.getByText('500/500')).toBeTruthy();
    expect(confirm.disabled).toBe(false);
    fireEvent.change(field, { target: { value: 'x'.repeat(FOCUS_INSTRUCTIONS_MAX + 1) } });
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says how long documents work best, and when this one is longer', () => {
    setup({ bestUpToWords: 850, documentWords: 1200 });
    expect(screen.getByText(/Documents work best up to 850 words\. This one has 1200 words/)).toBeTruthy();
  });
});
