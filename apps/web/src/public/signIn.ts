/**
 * Starts the sign-in (or sign-up) from a public page. The sign-in library and the app's services
 * load only now, on the visitor's click, so the public pages stay light; afterwards the visitor
 * lands on `returnTo` (/app unless said otherwise).
 */
export async function startSignIn(options: { signup?: boolean; returnTo?: string } = {}): Promise<void> {
  const { boot } = await import('../app/boot');
  const services = await boot();
  await services.tokens.signIn({ returnTo: '/app', ...options });
}

/** Whether this page was opened from another page of this site (not typed, bookmarked or linked from elsewhere). */
export function arrivedFromThisSite(referrer = document.referrer, origin = window.location.origin): boolean {
  if (!referrer) return false;
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Once the browser is idle, asks the issuer quietly whether the visitor is already signed in there
 * and, if so, goes on to /app. Returns a cancel function for the page's effect.
 */
export function trySilentSignInWhenIdle(): () => void {
  let cancelled = false;
  const run = () => {
    void import('../app/boot')
      .then(({ boot }) => boot())
      .then((services) => services.tokens.trySilentSignIn())
      .then((signedIn) => {
        if (signedIn && !cancelled) window.location.replace('/app');
      })
      .catch(() => undefined);
  };
  // Safari has no requestIdleCallback: a short delay serves the same purpose there.
  const idle = typeof window.requestIdleCallback === 'function';
  const handle = idle ? window.requestIdleCallback(run, { timeout: 5000 }) : window.setTimeout(run, 2000);
  return () => {
    cancelled = true;
    if (idle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
