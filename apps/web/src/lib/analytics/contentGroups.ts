/** The content group every page view carries (docs/PRODUCT.md#landing). */
export type ContentGroup = 'landing' | 'app' | 'shared_document' | 'legal' | 'billing' | 'blog' | 'other';

const GROUPS: [RegExp, ContentGroup][] = [
  [/^\/$/, 'landing'],
  [/^\/(app|admin)(\/|$)/, 'app'],
  [/^\/share(\/|$)/, 'shared_document'],
  [/^\/(privacy|terms|security)\/?$/, 'legal'],
  [/^\/(subscription|billing)(\/|$)/, 'billing'],
  [/^\/(blog|updates)(\/|$)/, 'blog'],
];

/** The content group of a path: the first rule whose pattern matches, else 'other'. */
export function contentGroupFor(pathname: string): ContentGroup {
  return GROUPS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'other';
}

/** Seconds on one page before the scroll event is recorded (docs/PRODUCT.md#landing). */
export const SCROLL_EVENT_AFTER_MS = 10_000;
