import type { ReactNode } from 'react';
import { useAppOfflineFlush } from '../features/offline';
import { useServices } from './services';

/** Wraps every signed-in page: offline edits are flushed whichever page is open. */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { api } = useServices();
  useAppOfflineFlush(api);
  return children;
}
