/** The portal's sections (docs/PRODUCT.md#admin, and the audit log of docs/OPERATIONS.md), in sidebar order, each at its own address under /admin. */
export const ADMIN_SECTIONS = [
  { label: 'Dashboard', path: '' },
  { label: 'User Usage', path: 'usage' },
  { label: 'Publishing', path: 'publishing' },
  { label: 'User Metrics', path: 'metrics' },
  { label: 'Feedback', path: 'feedback' },
  { label: 'Audit log', path: 'audit' },
] as const;

export const sectionHref = (path: string) => (path ? `/admin/${path}` : '/admin');
