import { PRODUCT_NAME } from '@bree/contracts';
import { Button } from '../ui/Button';

/** Shown when /api/config can't be read at start-up (server down or unreachable). */
export function BootFailure() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paper p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border border-line bg-surface p-6 text-center shadow-card">
        <h1 className="font-serif text-2xl font-semibold text-ink">{PRODUCT_NAME} could not start</h1>
        <p className="mt-2 text-muted">The server could not be reached. Check your connection and try again.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </main>
  );
}
