import { useLayoutEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

/** Scroll positions of the pages visited in this tab, by address (kept across reloads like the browser's own). */
const STORAGE_KEY = 'bree:scroll-positions';
const MAX_ENTRIES = 50;

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(address: string, y: number): void {
  const positions = readPositions();
  delete positions[address];
  positions[address] = y;
  const keys = Object.keys(positions);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[key];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: positions are a nicety, not needed to work.
  }
}

// The last address shown and whether the change to the next one came from Back/Forward.
let shown = typeof window === 'undefined' ? '' : currentAddress();
let lastY = 0;
let popped = false;
if (typeof window !== 'undefined') {
  // The browser would restore before the new page is drawn; the app does it once it is.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  // Scroll events of the page being left can still arrive after the address changed: they are kept under the old address.
  addEventListener('scroll', () => (lastY = window.scrollY), { passive: true });
  addEventListener('popstate', () => (popped = true));
  addEventListener('pagehide', () => savePosition(currentAddress(), window.scrollY));
}

/**
 * What React Router's <ScrollRestoration> did: a new page (a link, a redirect) starts at the top;
 * Back and Forward return to where the writer was on that page, when it was visited in this tab.
 */
export function useScrollRestoration(): void {
  const [path] = useLocation();
  const search = useSearch();
  useLayoutEffect(() => {
    const address = `${path}${search ? `?${search}` : ''}`;
    if (address === shown) return;
    savePosition(shown, lastY);
    shown = address;
    const saved = popped ? readPositions()[address] : undefined;
    popped = false;
    window.scrollTo(0, saved ?? 0);
    lastY = saved ?? 0;
  }, [path, search]);
}
