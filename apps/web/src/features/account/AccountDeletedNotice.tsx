import { useEffect, useState } from 'react';

/** The start page's query after a deletion (deleteAccount.ts ACCOUNT_DELETED_PATH). */
const DELETED_QUERY = 'account';

/**
 * 'Your account has been deleted', on the start page a deleted account's browser lands on
 * (docs/ACCOUNT.md "Delete my account"). Read once from the address, which is then cleaned, so a
 * reload or a shared link never shows it again. Kept apart from the account page: the landing page loads it.
 */
export function AccountDeletedNotice({ search }: { search?: string }) {
  const [shown, setShown] = useState(false);

  // Read after the first render: the server renders the landing page without the address's query,
  // and the browser's first render must match that HTML.
  useEffect(() => {
    if (new URLSearchParams(search ?? window.location.search).get(DELETED_QUERY) !== 'deleted') return;
    setShown(true);
    const url = new URL(window.location.href);
    url.searchParams.delete(DELETED_QUERY);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [search]);

  if (!shown) return null;
  return (
    <div role="status" className="mx-4 mt-6 flex max-w-2xl sm:mx-auto items-start gap-3 rounded-lg border border-line bg-surface px-4 py-3 shadow-card sm:px-5">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">Your account has been deleted.</p>
        <p className="mt-0.5 text-sm text-muted">Everything in it is gone. You can sign up again with the same address at any time.</p>
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => setShown(false)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
