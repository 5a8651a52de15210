import type { SaveState } from '@bree/editor';

/** 'just now', '5 minutes ago', '2 hours ago', or a date for older saves. */
export function relativeTime(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `on ${new Date(at).toLocaleDateString()}`;
}

/** The indicator text of 1-core §4.3: 'Saved {relative time}', 'Saving…', 'Not saved', 'Error saving'. */
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
