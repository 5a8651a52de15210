import { Link } from 'wouter';
import { buttonClasses, MAIN_CONTENT_ID, SkipLink } from '../../ui';

/** What /admin shows an account that is not an administrator: a clear refusal, never the portal. */
export function NotAllowed() {
  return (
    <div className="min-h-dvh bg-paper">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center focus:outline-none">
        <h1 className="font-serif text-3xl font-semibold text-ink">You are not allowed to open this page</h1>
        <p className="mt-3 text-base text-ink-soft">
          The admin portal is for the administrators of this server. If you should be one, ask the person who runs it to add your confirmed e-mail address.
        </p>
        <Link to="/app" className={buttonClasses({ className: 'mt-8' })}>
          Back to your documents
        </Link>
      </main>
    </div>
  );
}
