import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** The pages the light public entry serves: read before any sign-in, without the app's libraries. */
export const PUBLIC_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('../routes/landing')),
  '/privacy': lazy(() => import('../routes/privacy')),
  '/terms': lazy(() => import('../routes/terms')),
  '/security': lazy(() => import('../routes/security')),
};

/** Whether a path is one of the public pages (a trailing slash allowed). */
export function publicPageFor(pathname: string): LazyExoticComponent<ComponentType> | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES[path] ?? null;
}
