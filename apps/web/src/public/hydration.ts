import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value only this browser knows (a stored session, the address's query), read so that the
 * server's HTML and the first render in the browser agree: `serverValue` on the server and while
 * React hydrates that HTML, then the browser's own value in the render that follows. A page the
 * browser renders itself (no server HTML) gets the browser's value at once.
 */
export function useBrowserValue<T>(browserValue: () => T, serverValue: T): T {
  return useSyncExternalStore(unchanging, browserValue, () => serverValue);
}
