import { useEffect } from 'react';
import { useServices } from '../../app/services';

/**
 * Follows a confirmed or changed address in this tab (addressFollow.ts, docs/ACCOUNT.md). Loaded after
 * the page, off the first load: until it runs, the server's refusal of a stale token still refreshes it.
 */
export function useAddressFollow(): void {
  const { userManager, queryClient, api, config } = useServices();
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    import('./addressFollow')
      .then(({ followAddress }) => {
        if (active) stop = followAddress({ userManager, queryClient, api, config });
      })
      .catch(() => undefined);
    return () => {
      active = false;
      stop?.();
    };
  }, [userManager, queryClient, api, config]);
}
