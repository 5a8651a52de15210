import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { authorshipLine, SHARE_MESSAGES } from '@bree/contracts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { buttonClasses, Spinner } from '../../ui';
import '../editor/editor.css';
import { fetchSharedDocument, type SharedDocumentResult } from './api';
import { DocumentView } from './DocumentView';

const longDate = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-paper text-ink">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 border-b border-line px-5 py-4">
        <Link to="/" className="font-serif text-xl font-bold text-ink no-underline">
          Bree
        </Link>
        <Link to="/" className={buttonClasses({ size: 'sm' })}>
          Create Your Own
        </Link>
      </header>
      {children}
    </div>
  );
}

/** The reader's view of /share/{slug} inside the app: the same page the server renders for a first visit. */
export function SharedDocumentPage({ slug }: { slug: string | undefined }) {
  const [result, setResult] = useState<SharedDocumentResult | null>(null);
  const title = !slug ? SHARE_MESSAGES.invalidLink : result === null ? undefined : result.ok ? result.document.metadata.title : SHARE_MESSAGES.unavailableTitle;
  useDocumentTitle(title);

  useEffect(() => {
    if (!slug) return;
    let cancelled = false;
    setResult(null);
    void fetchSharedDocument(slug).then((r) => {
      if (!cancelled) setResult(r);
    });
    return () => {
      cancelled = true;
    };
  }, [slug]);

  if (!slug) {
    return (
      <Frame>
        <main className="mx-auto max-w-3xl px-5 pt-16 text-center">
          <h1 className="font-serif text-2xl font-bold">{SHARE_MESSAGES.invalidLink}</h1>
        </main>
      </Frame>
    );
  }
  if (result === null) {
    return (
      <Frame>
        <main className="flex justify-center pt-16">
          <Spinner label="Loading document" />
        </main>
      </Frame>
    );
  }
  if (!result.ok) {
    return (
      <Frame>
        <main className="mx-auto max-w-3xl px-5 pt-16 text-center">
          {/* One heading holds the whole not-found sentence (docs/PRODUCT.md#sharing); its two parts are set as title and line. */}
          <h1>
            <span className="block font-serif text-2xl font-bold">{SHARE_MESSAGES.unavailableTitle}:</span>{' '}
            <span className="mt-3 block text-base text-ink-soft">{SHARE_MESSAGES.unavailableBody}</span>
          </h1>
          <p role="alert" className="mt-4 text-sm text-muted">
            {result.message}
          </p>
        </main>
      </Frame>
    );
  }
  const { metadata } = result.document;
  // Shown only when the author chose to (the server sends the figures then).
  const authorship = metadata.authorship ? authorshipLine(metadata.authorship) : null;
  return (
    <Frame>
      <main className="mx-auto max-w-3xl px-5 pt-8 pb-12">
        <article>
          <h1 className="mb-2 font-serif text-4xl leading-tight font-bold">{metadata.title}</h1>
          <div className="mb-8 flex flex-wrap items-center gap-2 text-sm text-muted">
            {metadata.authenticity && (
              <span title="Authenticity" className="rounded-full border border-line bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong">
                {metadata.authenticity}
              </span>
            )}
            {authorship && <span data-testid="shared-authorship">{authorship}</span>}
          </div>
          <DocumentView content={result.document.content} />
        </article>
      </main>
      <footer className="mx-auto max-w-3xl border-t border-line px-5 py-5 text-sm text-muted">
        Last updated <time dateTime={metadata.lastModified}>{longDate(metadata.lastModified)}</time>
      </footer>
    </Frame>
  );
}
