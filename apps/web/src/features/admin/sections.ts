/** The portal's five sections (docs/PRODUCT.md#admin), in sidebar order, each at its own address under /admin. */
export const ADMIN_SECTIONS = [
  { label: 'Dashboard', path: '' },
  { label: 'User Usage', path: 'usage' },
  { label: 'Publishing', path: 'publishing' },
  { label: 'User Metrics', path: 'metrics' },
  { label: 'Feedback', path: 'feedback' },
] as const;

export const sectionHref = (path: string) => (path ? `/admin/${path}` : '/admin');
