import type { ReactNode } from 'react';
import { useAiAvailability } from '../features/assistant/aiAvailability';
import { useAddressFollow } from '../features/auth/useAddressFollow';
import { useAppOfflineFlush } from '../features/offline';
import { SearchPaletteProvider } from '../features/search';
import { useServices } from './services';

/** Wraps every signed-in page: offline edits are flushed whichever page is open, the AI buttons know early whether AI is set up, a confirmed or changed address counts at once (in every tab), and Ctrl/Cmd+K opens search. */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { api } = useServices();
  useAppOfflineFlush(api);
  useAiAvailability();
  useAddressFollow();
  return <SearchPaletteProvider>{children}</SearchPaletteProvider>;
}
