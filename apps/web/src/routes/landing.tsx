import { useEffect } from 'react';
import { LandingPage } from '../features/landing/LandingPage';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { arrivedFromThisSite, trySilentSignInWhenIdle } from '../public/signIn';
import { usePublicSite } from '../public/site';
import { LoadingScreen } from '../ui/Spinner';

/**
 * The landing page (docs/PRODUCT.md#landing). Opening Bree at / while signed in goes on to
 * /app; coming back to / from one of Bree's own pages (the wordmark of a public page) shows
 * the page itself, where the hero offers 'Continue Writing'. With an external
 * issuer a visitor already signed in there is sent on too, once the page is idle (a silent
 * token fetch), so the sign-in code never delays the page.
 */
export default function LandingRoute() {
  const { config, signedIn } = usePublicSite();
  useDocumentTitle();
  const forward = signedIn && !arrivedFromThisSite();

  useEffect(() => {
    if (forward) window.location.replace('/app');
  }, [forward]);

  useEffect(() => {
    // The embedded issuer's session lives beside Bree's own tokens: without them there is none to find.
    if (!signedIn && config.oidc.mode === 'external') return trySilentSignInWhenIdle();
  }, [signedIn, config.oidc.mode]);

  if (forward) return <LoadingScreen label={`Loading ${config.productName}`} />;
  return <LandingPage signedIn={signedIn} />;
}
