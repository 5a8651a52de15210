import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useScrollRestoration } from './scrollRestoration';

/** A new page starts at the top; Back returns to where the reader was on the page (what React Router's <ScrollRestoration> did). */
function Page() {
  useScrollRestoration();
  return null;
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('scroll restoration', () => {
  it('sends a new page to the top and brings Back to the position left', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    history.replaceState(null, '', '/app');
    render(
      <Router>
        <Page />
      </Router>,
    );
    scrolledTo(640);

    act(() => navigate('/app/doc-1'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(90);

    const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    history.back();
    await act(() => back);
    await vi.waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 640));
    expect(window.location.pathname).toBe('/app');

    // A link to a page seen before is a new visit: the top, not the old position.
    act(() => navigate('/app/doc-1'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
