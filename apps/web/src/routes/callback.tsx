import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../app/navigation';
import { AUTH } from '@bree/contracts';
import { useServices } from '../app/services';
import { AuthErrorNotice, hasAuthAnswer, markCallbackProcessed, resetAutoRedirect, returnToFromState, wasCallbackProcessed } from '../features/auth';
import { runFirstTimeTenantFlow, setCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Spinner } from '../ui';

type Phase = 'authenticating' | 'setting-up' | 'error';

const PHASE_TEXT: Record<Exclude<Phase, 'error'>, string> = {
  authenticating: 'Authenticating...',
  'setting-up': 'Setting up your workspace...',
};

/** /callback: completes the sign-in, sets up the tenant, then goes to returnTo (or /app) after 500 ms. */
export default function CallbackRoute() {
  const { userManager, tokens, api, config } = useServices();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('authenticating');
  const started = useRef(false);
  useDocumentTitle('Signing in');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { href, search } = window.location;
    // Nothing to process, or this code was already exchanged (reload, Back button): go home.
    if (!hasAuthAnswer(search) || wasCallbackProcessed(search)) {
      navigate('/', { replace: true });
      return;
    }
    void (async () => {
      let user;
      try {
        user = await userManager.signinCallback(href);
        if (!user) throw new Error('The sign-in answer did not contain a user');
      } catch (error) {
        console.error('[auth] sign-in callback failed', error);
        setPhase('error');
        return;
      }
      markCallbackProcessed(search);
      tokens.handleSignedIn(user);
      resetAutoRedirect();
      setCurrentTenant(user.profile.sub);
      setPhase('setting-up');
      await runFirstTimeTenantFlow({ api, profile: user.profile, billingEnabled: config.billing.enabled });
      await new Promise((resolve) => setTimeout(resolve, AUTH.postLoginDelayMs));
      navigate(returnToFromState(user.state), { replace: true });
    })();
  }, [api, config, navigate, tokens, userManager]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-paper p-6">
      {phase === 'error' ? (
        <AuthErrorNotice />
      ) : (
        <div className="flex flex-col items-center gap-4">
          <Spinner size="lg" label={PHASE_TEXT[phase]} />
          <p aria-live="polite" className="text-lg text-ink-soft">
            {PHASE_TEXT[phase]}
          </p>
        </div>
      )}
    </main>
  );
}
