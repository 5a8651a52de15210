import type { FeedbackItem } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { applyFilters, confirmBulkDelete, expiryBadge, feedbackCounters, feedbackQuery, fileCountText, NO_FILTERS, senderOf } from './rules';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const created = Date.parse('2026-05-01T10:00:00Z');
const expires = created + 14 * DAY;

function item(over: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id: 'f1',
    status: 'new',
    preserve: false,
    message: 'The Export button hides',
    userEmail: 'ann@example.com',
    userName: 'Ann',
    createdAt: new Date(created).toISOString(),
    fileCount: 1,
    uploadedFiles: [],
    pageContext: 'Bree',
    browserInfo: {},
    ...over,
  };
}

describe('expiry badge (docs/PRODUCT.md#admin), read at a fixed clock', () => {
  const at = (msBeforeExpiry: number) => expiryBadge(item(), expires - msBeforeExpiry);

  it('counts whole days, not urgent above 2 days', () => {
    expect(at(14 * DAY)).toEqual({ label: '14d left', urgent: false });
    expect(at(2 * DAY + 1)).toEqual({ label: '3d left', urgent: false });
  });
  it('is urgent at 2 days or fewer', () => {
    expect(at(2 * DAY)).toEqual({ label: '2d left', urgent: true });
    expect(at(DAY + 1)).toEqual({ label: '2d left', urgent: true });
    expect(at(DAY)).toEqual({ label: '1d left', urgent: true });
  });
  it('counts hours within the last day', () => {
    expect(at(DAY - 1)).toEqual({ label: '23h left', urgent: true });
    expect(at(5 * HOUR)).toEqual({ label: '5h left', urgent: true });
    expect(at(1)).toEqual({ label: '1h left', urgent: true });
  });
  it('says Expired from the 14th day on', () => {
    expect(at(0)).toEqual({ label: 'Expired', urgent: true });
    expect(at(-DAY)).toEqual({ label: 'Expired', urgent: true });
  });
  it('shows nothing for a preserved item, even one past its time', () => {
    expect(expiryBadge(item({ preserve: true }), expires + DAY)).toBeNull();
  });
});

describe('filters, counters and the bulk delete confirmation', () => {
  const items = [
    item({ id: 'a' }),
    item({ id: 'b', status: 'read', preserve: true, userEmail: null, userName: 'Bob', message: 'Dark MODE please' }),
    item({ id: 'c', status: 'responded', userEmail: null, userName: null, createdAt: new Date(created - 13 * DAY).toISOString() }),
  ];

  it('sends a filter only when it is not all or empty', () => {
    expect(feedbackQuery(NO_FILTERS)).toBe('');
    expect(feedbackQuery({ status: 'new', preserve: 'not-preserved', search: '  dark ' })).toBe('?status=new&preserve=false&search=dark');
    expect(feedbackQuery({ status: 'all', preserve: 'preserved', search: '' })).toBe('?preserve=true');
  });

  it('filters on the client too, searching message, e-mail and name without regard to case', () => {
    expect(applyFilters(items, { ...NO_FILTERS, search: 'dark mode' }).map((i) => i.id)).toEqual(['b']);
    expect(applyFilters(items, { ...NO_FILTERS, search: 'BOB' }).map((i) => i.id)).toEqual(['b']);
    expect(applyFilters(items, { ...NO_FILTERS, search: 'ANN@' }).map((i) => i.id)).toEqual(['a']);
    expect(applyFilters(items, { ...NO_FILTERS, preserve: 'not-preserved' }).map((i) => i.id)).toEqual(['a', 'c']);
    expect(applyFilters(items, { ...NO_FILTERS, status: 'responded' }).map((i) => i.id)).toEqual(['c']);
  });

  it('counts total, new, preserved and urgent items', () => {
    // One day after creation: 'c' was sent 14 days earlier and has expired (urgent).
    expect(feedbackCounters(items, created + DAY)).toEqual({ total: 3, fresh: 1, preserved: 1, expiringSoon: 1 });
  });

  it('names the sender and counts files', () => {
    expect(items.map(senderOf)).toEqual(['ann@example.com', 'Bob', 'Anonymous']);
    expect([fileCountText(1), fileCountText(2), fileCountText(0)]).toEqual(['1 file', '2 files', '0 files']);
  });

  it('does nothing for 0, confirms up to 50 and asks for DELETE above 50', () => {
    const asked: string[] = [];
    const ask = (confirmAnswer: boolean, typed: string | null) => ({
      confirm: (text: string) => (asked.push(text), confirmAnswer),
      prompt: (text: string) => (asked.push(text), typed),
    });
    expect(confirmBulkDelete(0, ask(true, 'DELETE'))).toBe(false);
    expect(asked).toEqual([]);
    expect(confirmBulkDelete(50, ask(true, null))).toBe(true);
    expect(confirmBulkDelete(50, ask(false, 'DELETE'))).toBe(false);
    expect(confirmBulkDelete(51, ask(true, 'DELETE'))).toBe(true);
    expect(confirmBulkDelete(51, ask(true, 'delete'))).toBe(false);
    expect(confirmBulkDelete(51, ask(true, null))).toBe(false);
    expect(asked).toEqual([
      'Delete 50 selected feedback item(s)? This cannot be undone.',
      'Delete 50 selected feedback item(s)? This cannot be undone.',
      'Type DELETE to confirm deleting 51 items',
      'Type DELETE to confirm deleting 51 items',
      'Type DELETE to confirm deleting 51 items',
    ]);
  });
});
