import { toPlainText } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import { Button, Dialog, DialogActions } from '../../ui';
import type { ConflictInfo } from './useAutosave';

/** Plain text of either a document tree or a plain-text content. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object') return toPlainText(content as DocJSON);
  return '';
}

interface Props {
  conflict: ConflictInfo | null;
  busy: boolean;
  onKeepMine(): void;
  onUseLatest(): void;
}

const excerpt = (content: unknown) => {
  const text = contentText(content);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text || '(empty)';
};

/** The choice on a stale save: both texts are shown and the one not chosen is kept as a version. */
export function ConflictDialog({ conflict, busy, onKeepMine, onUseLatest }: Props) {
  return (
    <Dialog
      open={conflict !== null}
      // Closing without a choice would leave the document paused: the choice is required.
      onOpenChange={() => undefined}
      title="This document changed in another tab or device"
      description="Someone saved a newer version while you were editing. Choose which text to keep; the other is saved in History."
    >
      {conflict && (
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <section aria-label="Your version" className="rounded-md border border-line p-3">
              <h3 className="text-sm font-semibold text-ink">Your version</h3>
              <p className="mt-1 max-h-40 overflow-y-auto text-sm whitespace-pre-wrap text-ink-soft">{excerpt(conflict.mine)}</p>
            </section>
            <section aria-label="Latest version" className="rounded-md border border-line p-3">
              <h3 className="text-sm font-semibold text-ink">Latest version</h3>
              <p className="mt-1 max-h-40 overflow-y-auto text-sm whitespace-pre-wrap text-ink-soft">{excerpt(conflict.theirs)}</p>
            </section>
          </div>
          <DialogActions>
            <Button variant="secondary" disabled={busy} onClick={onUseLatest}>
              Use the latest
            </Button>
            <Button loading={busy} onClick={onKeepMine}>
              Keep my version
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
