import { Button } from '../../ui';
import { useServices } from '../../app/services';

/** 'Authentication error. Please try again.' with 'Retry sign-in' and 'Sign in again' (forced login). */
export function AuthErrorNotice({ returnTo }: { returnTo?: string }) {
  const { tokens } = useServices();
  return (
    <div role="alert" className="mx-auto flex w-full max-w-md flex-col items-center gap-5 rounded-xl border border-line bg-surface p-6 text-center shadow-card">
      <p className="text-lg font-medium text-ink">Authentication error. Please try again.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => void tokens.signIn({ returnTo })}>Retry sign-in</Button>
        <Button variant="secondary" onClick={() => void tokens.signIn({ returnTo, forceLogin: true })}>
          Sign in again
        </Button>
      </div>
    </div>
  );
}
