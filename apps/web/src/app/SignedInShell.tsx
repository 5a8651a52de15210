import type { ReactNode } from 'react';
import { useAiAvailability } from '../features/assistant/aiAvailability';
import { useAppOfflineFlush } from '../features/offline';
import { useServices } from './services';

/** Wraps every signed-in page: offline edits are flushed whichever page is open, and the AI buttons know early whether AI is set up. */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { api } = useServices();
  useAppOfflineFlush(api);
  useAiAvailability();
  return children;
}
