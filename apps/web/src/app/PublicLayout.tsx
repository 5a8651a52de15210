import type { ReactNode } from 'react';
import { usePublicSite } from '../public/site';
import { cn } from '../ui/cn';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/SkipLink';
import { useSupportEmail } from './SupportEmail';

// Plain links: the public pages load on their own, without the app's router.
const FOOTER_COLUMNS: Array<{ title: string; links: Array<{ label: string; to: string }> }> = [
  {
    title: 'Product',
    links: [
      { label: 'Blog', to: '/blog' },
      { label: 'Updates', to: '/updates' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
  { title: 'Trust', links: [{ label: 'Security', to: '/security' }] },
];

/** The cream header with the wordmark; `nav` sits in the middle (its own row on phones), `actions` go on the right. */
export function SiteHeader({ actions, nav }: { actions?: ReactNode; nav?: ReactNode }) {
  const { config } = usePublicSite();
  return (
    <header className="border-b border-line bg-cream">
      <div className="mx-auto flex min-h-16 max-w-5xl flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6">
        <a href="/" className="flex h-16 items-center rounded-sm font-serif text-xl font-semibold tracking-tight text-ink">
          {config.productName}
        </a>
        {nav && <div className="order-last w-full pb-3 sm:order-none sm:w-auto sm:pb-0">{nav}</div>}
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}

/** Footer with three link columns and the support address. */
export function SiteFooter() {
  const { config } = usePublicSite();
  const supportEmail = useSupportEmail();
  return (
    <footer className="border-t border-line bg-cream">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:grid-cols-4 sm:px-6">
        <div>
          <p className="font-serif text-lg font-semibold text-ink">{config.productName}</p>
          <p className="mt-1 text-sm text-muted">Write in your own voice.</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <p className="text-sm font-semibold text-ink">{column.title}</p>
            <ul className="mt-2 space-y-1.5">
              {column.links.map((link) => (
                <li key={link.to}>
                  <a href={link.to} className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
              {column.title === 'Trust' && supportEmail && (
                <li>
                  <a href={`mailto:${supportEmail}`} className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
                    Support: {supportEmail}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}

/** Page frame of the public pages: header, a centred main column, footer. */
export function PublicLayout({
  children,
  actions,
  nav,
  narrow = false,
}: {
  children: ReactNode;
  actions?: ReactNode;
  nav?: ReactNode;
  /** A reading-width column (legal pages, result pages). */
  narrow?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <SiteHeader actions={actions} nav={nav} />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn('mx-auto w-full flex-1 px-4 py-10 focus:outline-none sm:px-6 sm:py-14', narrow ? 'max-w-3xl' : 'max-w-5xl')}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
