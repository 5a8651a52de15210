import type { ReactNode } from 'react';
import { BackButton } from '../../app/BackButton';
import { PublicLayout } from '../../app/PublicLayout';
import { browserLocale, formatDate } from '../../lib/dates';
import { useBrowserValue } from '../../public/hydration';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const SERVER_LOCALE = 'en-US';

/** Frame of a legal page: back button, title, last-updated date and readable prose. */
export function LegalDocument({ title, updated, intro, children }: { title: string; updated: Date; intro: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  // The server writes the date in English; the reader's own format follows once the page is live.
  const locale = useBrowserValue(browserLocale, SERVER_LOCALE);
  return (
    <PublicLayout narrow>
      <BackButton />
      <article className="mt-4">
        <header>
          <h1 className="font-serif text-display font-semibold tracking-tight text-ink">{title}</h1>
          <p className="mt-2 text-sm text-muted">Last updated: {formatDate(updated, locale)}</p>
          <div className="mt-6 text-lg text-ink-soft">{intro}</div>
        </header>
        <div className="mt-10 space-y-10">{children}</div>
      </article>
    </PublicLayout>
  );
}

/** One numbered section of a legal page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-ink-soft [&_li]:pl-1 [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      <h2 className="font-serif text-xl font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}
