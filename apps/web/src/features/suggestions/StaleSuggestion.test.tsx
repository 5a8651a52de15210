import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Suggestion } from '@bree/contracts';
import { StaleSuggestion } from './StaleSuggestion';

afterEach(cleanup);

describe('a suggestion on a paragraph changed since', () => {
  it('shows what it proposed whole, its changes marked, and can be dismissed', () => {
    const long = 'word '.repeat(40);
    const suggestion = {
      id: 's1',
      authorName: 'Carl Commenter',
      baseText: `The boat is red. ${long}`,
      proposedText: `The boat is blue. ${long}Very old.`,
    } as unknown as Suggestion;
    const onDismiss = vi.fn();
    const { container } = render(<StaleSuggestion suggestion={suggestion} onDismiss={onDismiss} />);
    expect(screen.getByText('Carl Commenter suggested an edit of a paragraph that has changed since')).toBeTruthy();
    expect([...container.querySelectorAll('ins')].map((n) => n.textContent)).toEqual(['blue', 'Very old.']);
    expect([...container.querySelectorAll('del')].map((n) => n.textContent)).toEqual(['red']);
    expect(container.querySelector('details p')?.textContent).toBe(`The boat is redblue. ${long}Very old.`);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
