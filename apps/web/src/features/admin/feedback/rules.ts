import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, type FeedbackItem, type FeedbackStatus } from '@bree/contracts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface ExpiryBadge {
  label: string;
  urgent: boolean;
}

/**
 * The expiry badge of an item (docs/PRODUCT.md#admin): none when preserved; 'Expired' past 14 days after
 * createdAt; 'Nh left' within the last day; 'Nd left' otherwise, urgent at 2 days or fewer.
 */
export function expiryBadge(item: Pick<FeedbackItem, 'createdAt' | 'preserve'>, now: number): ExpiryBadge | null {
  if (item.preserve) return null;
  const left = Date.parse(item.createdAt) + FEEDBACK_LIMITS.expiryDays * DAY_MS - now;
  if (left <= 0) return { label: 'Expired', urgent: true };
  // Whole hours left, counting a part-hour as one: the last minutes still read '1h left'.
  if (left < DAY_MS) return { label: `${Math.max(1, Math.floor(left / HOUR_MS))}h left`, urgent: true };
  return { label: `${Math.ceil(left / DAY_MS)}d left`, urgent: left <= FEEDBACK_LIMITS.urgentDays * DAY_MS };
}

export type StatusFilter = 'all' | FeedbackStatus;
export type PreserveFilter = 'all' | 'preserved' | 'not-preserved';
export interface FeedbackFilters {
  status: StatusFilter;
  preserve: PreserveFilter;
  search: string;
}
export const NO_FILTERS: FeedbackFilters = { status: 'all', preserve: 'all', search: '' };

/** The list's query string: a filter is sent only when not 'all' or empty; dateRange never (docs/PRODUCT.md#admin). */
export function feedbackQuery(filters: FeedbackFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.preserve !== 'all') params.set('preserve', filters.preserve === 'preserved' ? 'true' : 'false');
  if (filters.search.trim()) params.set('search', filters.search.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The same filters applied on the client; the search is case-insensitive over message, sender e-mail and name. */
export function applyFilters(items: readonly FeedbackItem[], filters: FeedbackFilters): FeedbackItem[] {
  const needle = filters.search.trim().toLowerCase();
  return items.filter((item) => {
    if (filters.status !== 'all' && item.status !== filters.status) return false;
    if (filters.preserve === 'preserved' && !item.preserve) return false;
    if (filters.preserve === 'not-preserved' && item.preserve) return false;
    if (!needle) return true;
    return [item.message, item.userEmail ?? '', item.userName ?? ''].some((text) => text.toLowerCase().includes(needle));
  });
}

/** The four counters (docs/PRODUCT.md#admin); Expiring Soon counts the urgent badges. */
export function feedbackCounters(items: readonly FeedbackItem[], now: number) {
  return {
    total: items.length,
    fresh: items.filter((i) => i.status === 'new').length,
    preserved: items.filter((i) => i.preserve).length,
    expiringSoon: items.filter((i) => expiryBadge(i, now)?.urgent).length,
  };
}

/** Who sent it: e-mail, else name, else 'Anonymous'. */
export function senderOf(item: Pick<FeedbackItem, 'userEmail' | 'userName'>): string {
  return item.userEmail || item.userName || 'Anonymous';
}

/** '1 file', '2 files'. */
export function fileCountText(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/**
 * Whether a bulk delete of `count` items goes ahead (docs/PRODUCT.md#admin): nothing with 0; a confirmation up
 * to 50; above 50 only when DELETE is typed exactly.
 */
export function confirmBulkDelete(count: number, ask: { confirm(text: string): boolean; prompt(text: string): string | null }): boolean {
  if (count === 0) return false;
  if (count <= FEEDBACK_LIMITS.typedDeleteThreshold) return ask.confirm(FEEDBACK_MESSAGES.confirmDelete(count));
  return ask.prompt(FEEDBACK_MESSAGES.typeDelete(count)) === 'DELETE';
}
