import { useEffect, useRef } from 'react';
import { useServices } from '../app/services';

/** /silent-callback: runs inside the silent sign-in iframe and hands the answer to the parent page. */
export default function SilentCallbackRoute() {
  const { userManager } = useServices();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    userManager.signinSilentCallback().catch((error: unknown) => console.error('[auth] silent callback failed', error));
  }, [userManager]);
  return null;
}
