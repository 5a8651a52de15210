import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/** The pages the light public entry serves: read before any sign-in, without the app's libraries. */
const LOADERS = {
  '/': () => import('../routes/landing'),
  '/privacy': () => import('../routes/privacy'),
  '/terms': () => import('../routes/terms'),
  '/security': () => import('../routes/security'),
} satisfies Record<string, () => PageModule>;

/** The public pages' paths; the server renders the same ones (render.tsx). */
export type PublicPath = keyof typeof LOADERS;

/** A path as the public pages read it: one trailing slash allowed. */
export const normalisePublicPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The public page a path names (a trailing slash allowed), or null for every other path. */
export function publicPathOf(pathname: string): PublicPath | null {
  const path = normalisePublicPath(pathname);
  return Object.hasOwn(LOADERS, path) ? (path as PublicPath) : null;
}

/** Fetches a public page's code; started beside the entry's other requests instead of after them. */
export async function loadPublicPage(path: PublicPath): Promise<ComponentType> {
  return (await LOADERS[path]()).default;
}
