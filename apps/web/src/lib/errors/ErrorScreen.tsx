import { useEffect } from 'react';
import { Button } from '../../ui';
import { notify } from '../toast';
import { errorMessage } from './errorReport';

/** The catch-all error view: 'Something went wrong', the message, 'Reload Application'; raises a toast. */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = errorMessage(error);
  useEffect(() => {
    notify.error(`Application Error: ${message}`);
  }, [message]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paper p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border border-line bg-surface p-6 text-center shadow-card">
        <h1 className="font-serif text-2xl font-semibold text-ink">Something went wrong</h1>
        <p className="mt-2 break-words text-muted">{message}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload Application
        </Button>
      </div>
    </main>
  );
}
