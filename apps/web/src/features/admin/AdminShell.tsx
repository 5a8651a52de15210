import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { NavLink } from '../../app/navigation';
import { ADMIN } from '@bree/contracts';
import { buttonClasses, cn, MAIN_CONTENT_ID, SkipLink, useMediaQuery } from '../../ui';
import { ADMIN_SECTIONS, sectionHref } from './sections';

/** The sidebar's entries, tip and the administrator's tenant id; `onNavigate` closes the drawer. */
function SidebarContent({ tenantId, onNavigate }: { tenantId: string; onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6">
      <nav aria-label="Admin sections">
        <ul className="space-y-1">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.label}>
              <NavLink
                to={sectionHref(section.path)}
                onClick={onNavigate}
                className={(isActive) =>
                  cn(
                    'block rounded-md px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink-soft hover:bg-cream-deep hover:text-ink',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto space-y-4 text-sm">
        <p className="rounded-md border border-line bg-paper p-3 text-ink-soft">
          <span className="font-semibold text-ink">Tip:</span> User Metrics counts a writer as active after a sign-in, an edit or an AI call within the range
          you pick.
        </p>
        <div>
          <p className="text-muted">Your tenant ID</p>
          <code className="mt-1 block break-all rounded bg-cream-deep px-2 py-1 text-xs text-ink">{tenantId}</code>
        </div>
      </div>
    </div>
  );
}

/**
 * The admin portal's frame (docs/PRODUCT.md#admin): a header with the way back to the app, and the sidebar;
 * at 767 px or less the sidebar is a drawer behind a menu button, with an overlay and a close button
 * (Radix Dialog: focus stays inside, Escape closes, choosing an entry closes it).
 */
export function AdminShell({ tenantId, children }: { tenantId: string; children: ReactNode }) {
  const isMobile = useMediaQuery(`(max-width: ${ADMIN.mobileBreakpointPx}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="min-h-dvh bg-paper">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <header className="sticky top-0 z-30 border-b border-line bg-cream">
        <div className="flex h-14 items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            {isMobile && (
              <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
                <RadixDialog.Trigger asChild>
                  <button type="button" aria-label="Open menu" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                    <span aria-hidden="true" className="text-lg leading-none">
                      ☰
                    </span>
                  </button>
                </RadixDialog.Trigger>
                <RadixDialog.Portal>
                  <RadixDialog.Overlay data-testid="admin-drawer-overlay" className="fixed inset-0 z-40 bg-ink/40" />
                  <RadixDialog.Content
                    aria-describedby={undefined}
                    className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-cream p-4 shadow-pop focus:outline-none"
                  >
                    <div className="mb-4 flex items-center justify-between">
                      <RadixDialog.Title className="font-serif text-lg font-semibold text-ink">Admin portal</RadixDialog.Title>
                      <RadixDialog.Close aria-label="Close menu" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                        <span aria-hidden="true">×</span>
                      </RadixDialog.Close>
                    </div>
                    <SidebarContent tenantId={tenantId} onNavigate={() => setDrawerOpen(false)} />
                  </RadixDialog.Content>
                </RadixDialog.Portal>
              </RadixDialog.Root>
            )}
            <p className="truncate font-serif text-lg font-semibold text-ink">Admin portal</p>
          </div>
          <Link to="/app" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Back to app
          </Link>
        </div>
      </header>
      <div className="flex">
        {!isMobile && (
          <aside aria-label="Admin sidebar" className="sticky top-14 h-[calc(100dvh-3.5rem)] w-64 shrink-0 border-r border-line bg-cream p-4">
            <SidebarContent tenantId={tenantId} />
          </aside>
        )}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
