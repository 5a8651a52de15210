import type { SaveState } from '@bree/editor';
import { formatTimeAgo } from '../../lib/dates';

/** 'just now', '5 minutes ago', '2 hours ago', or 'on {date}' for older saves (lib/dates). */
export function relativeTime(at: number, now: number): string {
  return formatTimeAgo(at, now);
}

/** The indicator text of docs/PRODUCT.md#saving: 'Saved {relative time}', 'Saving…', 'Not saved', 'Error saving'. */
export function saveLabel(state: SaveState, now: number): string {
  switch (state.status) {
    case 'saving':
      return 'Saving…';
    case 'unsaved':
      return 'Not saved';
    case 'error':
      return 'Error saving';
    default:
      return state.savedAt === null ? 'Saved' : `Saved ${relativeTime(state.savedAt, now)}`;
  }
}
