import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AccountDeletedNotice } from './AccountDeletedNotice';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('the start page after a deletion', () => {
  it('says the account is gone, once: the address loses its query', () => {
    window.history.replaceState(null, '', '/?account=deleted#faq');
    render(<AccountDeletedNotice />);
    expect(screen.getByRole('status').textContent).toContain('Your account has been deleted.');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/#faq');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing on an ordinary visit', () => {
    render(<AccountDeletedNotice search="?account=other" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
