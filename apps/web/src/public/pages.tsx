import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/** The pages the light public entry serves: read before any sign-in, without the app's libraries. */
const LOADERS: Record<string, () => PageModule> = {
  '/': () => import('../routes/landing'),
  '/privacy': () => import('../routes/privacy'),
  '/terms': () => import('../routes/terms'),
  '/security': () => import('../routes/security'),
};

const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, lazy(load)]));

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The public page at a path (a trailing slash allowed), or null for every other path. */
export function publicPageFor(pathname: string): LazyExoticComponent<ComponentType> | null {
  return PAGES[normalise(pathname)] ?? null;
}

/** Starts fetching a public page's code now, beside the entry's other requests instead of after them. */
export function preloadPublicPage(pathname: string): void {
  void LOADERS[normalise(pathname)]?.().catch(() => undefined);
}
