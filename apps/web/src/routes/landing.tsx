import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../app/services';
import { useSession } from '../features/auth/useSession';
import { LandingPage } from '../features/landing/LandingPage';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { LoadingScreen } from '../ui/Spinner';

// One quiet attempt per page load: landing on / again shouldn't spin up another iframe.
let silentSignInAttempted = false;

/**
 * The landing page (3-public-admin.md §2.1, §2.2). Opening Bree at / while signed in — or
 * signed in silently on arrival — goes on to /app (§2.1). Coming back to / from a link inside
 * Bree (the wordmark of a public page) shows the page itself, where the hero offers
 * 'Continue Writing' (§2.2 item 2).
 */
export default function LandingRoute() {
  const { tokens, config } = useServices();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The router gives the first page of a visit the key 'default'; decided once, as anchors change the key later.
  const [openedAtLanding] = useState(() => location.key === 'default');
  useDocumentTitle();

  const forward = openedAtLanding && session.status === 'authenticated';
  useEffect(() => {
    if (forward) navigate('/app', { replace: true });
  }, [forward, navigate]);

  useEffect(() => {
    if (session.status !== 'unauthenticated' || silentSignInAttempted) return;
    silentSignInAttempted = true;
    // Success loads the user, the session turns authenticated and the effect above moves on.
    void tokens.trySilentSignIn();
  }, [session.status, tokens]);

  if (session.status === 'loading' || forward) {
    return <LoadingScreen label={`Loading ${config.productName}`} />;
  }
  return <LandingPage signedIn={session.status === 'authenticated'} />;
}
