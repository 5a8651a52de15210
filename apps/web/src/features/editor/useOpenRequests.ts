import { useCallback, useRef, useState } from 'react';

/**
 * The link popover and the find bar are asked for by keys, buttons and menus: each request is a
 * new number (so asking again while open refocuses), 0 while closed.
 */
export function useOpenRequests() {
  const [linkRequest, setLinkRequest] = useState(0);
  const [findRequest, setFindRequest] = useState(0);
  const requests = useRef(0);
  const openLink = useCallback(() => setLinkRequest(++requests.current), []);
  const openFind = useCallback(() => setFindRequest(++requests.current), []);
  const closeLink = useCallback(() => setLinkRequest(0), []);
  const closeFind = useCallback(() => setFindRequest(0), []);
  return { linkRequest, findRequest, openLink, openFind, closeLink, closeFind };
}
