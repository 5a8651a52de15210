import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { UnavailableButton } from './UnavailableButton';

afterEach(cleanup);

describe('a button that AI cannot serve', () => {
  it('stays focusable, is aria-disabled, and carries its reason as its description', () => {
    render(<UnavailableButton>Enhance</UnavailableButton>);
    const button = screen.getByRole('button', { name: 'Enhance' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const tooltip = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.textContent).toBe('AI is not set up on this server');
    expect(tooltip?.hidden).toBe(true);
  });

  it('shows the tooltip on focus, hover and a tap, and hides it on Escape and blur', () => {
    vi.useFakeTimers();
    try {
      render(<UnavailableButton>Assistant</UnavailableButton>);
      const button = screen.getByRole('button', { name: 'Assistant' });
      const tooltip = () => screen.getByRole('tooltip', { hidden: true });
      act(() => button.focus());
      expect(tooltip().hidden).toBe(false);
      fireEvent.keyDown(button, { key: 'Escape' });
      expect(tooltip().hidden).toBe(true);
      act(() => button.blur());
      fireEvent.mouseEnter(button);
      expect(tooltip().hidden).toBe(false);
      fireEvent.mouseLeave(button);
      act(() => vi.advanceTimersByTime(200));
      expect(tooltip().hidden).toBe(true);
      fireEvent.click(button);
      expect(tooltip().hidden).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
