import { useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button, Dialog, DialogActions, Label } from '../../ui';
import { cn } from '../../ui/cn';

/** docs/PRODUCT.md#workspaces: the focus instructions are optional and at most 500 characters. */
export const FOCUS_INSTRUCTIONS_MAX = 500;

export interface FocusInstructionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The action's name as the writer saw it, e.g. 'Threadify'. */
  action: string;
  /** Documents work best up to this many words (2500; 850 for Postify and Storify). */
  bestUpToWords: number;
  /** Words in the document now, to say when it is longer than that. */
  documentWords?: number;
  onConfirm: (instructions: string) => void;
}

/**
 * The box shown before every variant action: what to focus on, optional. Enter confirms; Shift+Enter
 * or Ctrl+Enter starts a new line; Confirm is off while the text is over the limit.
 */
export function FocusInstructionsDialog({ open, onOpenChange, action, bestUpToWords, documentWords, onConfirm }: FocusInstructionsDialogProps) {
  const ids = { field: useId(), hint: useId(), count: useId() };
  const [text, setText] = useState('');
  const length = [...text].length;
  const over = length > FOCUS_INSTRUCTIONS_MAX;

  const confirm = () => {
    if (over) return;
    onConfirm(text.trim());
    setText('');
    onOpenChange(false);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey) return; // the textarea's own new line
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      // A textarea adds no line for Ctrl+Enter by itself: insert it at the caret.
      const field = event.currentTarget;
      const { selectionStart: start, selectionEnd: end } = field;
      const next = `${text.slice(0, start)}\n${text.slice(end)}`;
      setText(next);
      requestAnimationFrame(() => field.setSelectionRange(start + 1, start + 1));
      return;
    }
    confirm();
  };

  const longer = documentWords !== undefined && documentWords > bestUpToWords;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
      title={action}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <Label htmlFor={ids.field}>Focus instructions (optional)</Label>
        <textarea
          id={ids.field}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={4}
          autoFocus
          aria-describedby={`${ids.hint} ${ids.count}`}
          aria-invalid={over || undefined}
          placeholder="What should this version focus on? For example: the audience, a tone, a point to lead with."
          className={cn(
            'min-h-28 w-full resize-y rounded-md border bg-surface px-3 py-2 text-base text-ink placeholder:text-muted/80',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
            over ? 'border-danger' : 'border-line-strong',
          )}
        />
        <div className="flex items-start justify-between gap-3 text-sm">
          <p id={ids.hint} className="text-muted">
            Documents work best up to {bestUpToWords} words.
            {longer && ` This one has ${documentWords} words, so some of it may be left out.`}
          </p>
          <p id={ids.count} aria-live="polite" className={cn('shrink-0 tabular-nums', over ? 'font-medium text-danger' : 'text-muted')}>
            {length}/{FOCUS_INSTRUCTIONS_MAX}
          </p>
        </div>
        <DialogActions>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={over}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
