import { useState } from 'react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** Component tests: a router of its own at `path` (default '/'), so links and route hooks work without touching the test page's address. */
export function TestRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  const [location] = useState(() => memoryLocation({ path }));
  return <Router hook={location.hook}>{children}</Router>;
}
