import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { checkFileName, FILES } from '@bree/contracts';
import { notify } from '../../lib/toast';
import { cn } from '../../ui';

/** The paste modal's wording for a blank name (docs/PRODUCT.md#import), used for the title too. */
export const EMPTY_NAME_MESSAGE = 'Please enter a document name';
/** A title is a name, not a path: a slash would move the document into a folder. */
export const SLASH_NAME_MESSAGE = 'A document name cannot contain / or \\';
/** The stored name (with its .txt ending) is at most FILES.maxNameLength characters after cleaning. */
export const LONG_NAME_MESSAGE = `A document name can be at most ${FILES.maxNameLength - FILES.extension.length} characters`;

/** Why a typed name is refused, or null when it can be sent. */
export function titleProblem(input: string): string | null {
  if (/[/\\]/.test(input)) return SLASH_NAME_MESSAGE;
  // The server's own rule (names.ts): invisible characters do not count, the .txt ending does.
  const checked = checkFileName(input);
  if (!checked.ok) return checked.problem === 'empty' ? EMPTY_NAME_MESSAGE : LONG_NAME_MESSAGE;
  return null;
}

interface Props {
  title: string;
  /** Renames the document; resolves true when the new name is kept (the toasts are the rename's own). */
  onRename(name: string): Promise<boolean>;
  className?: string;
  /** The page's heading (h1) by default; the phone's Document actions sheet shows it as a plain field. */
  as?: 'h1' | 'div';
}

/**
 * The editor's title, renamed in place: click (or Enter/Space on it) to edit; Enter or leaving
 * the field saves, Escape cancels. A blank name is refused with a message: Enter keeps the
 * field open, leaving it keeps the old name. An unchanged name sends nothing.
 */
export function DocumentTitle({ title, onRename, className, as: Heading = 'h1' }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [problem, setProblem] = useState<string | null>(null);
  // Shown while the rename is on its way; the old title comes back if it fails.
  const [pending, setPending] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Enter or Escape settled this edit: the blur that follows as the field goes does nothing.
  const settledRef = useRef(false);
  const focusTitleRef = useRef(false);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (focusTitleRef.current) {
      focusTitleRef.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setDraft(pending ?? title);
    setProblem(null);
    settledRef.current = false;
    setEditing(true);
  };

  const stop = (focusTitle: boolean) => {
    settledRef.current = true;
    focusTitleRef.current = focusTitle;
    setEditing(false);
  };

  const commit = (how: 'enter' | 'blur') => {
    if (settledRef.current) return;
    const refused = titleProblem(draft);
    if (refused) {
      notify.error(refused);
      if (how === 'enter') setProblem(refused);
      else stop(false);
      return;
    }
    const name = draft.trim();
    stop(how === 'enter');
    if (name === title) return;
    setPending(name);
    void onRename(name).finally(() => setPending(null));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      commit('enter');
    } else if (event.key === 'Escape') {
      // Only the edit is cancelled: nothing else on the page hears this Escape.
      event.preventDefault();
      event.stopPropagation();
      stop(true);
    }
  };

  const font = 'font-serif text-lg font-semibold text-ink';
  if (editing) {
    return (
      <div className={cn('min-w-0 flex-1', className)}>
        <input
          ref={inputRef}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit('blur')}
          aria-label="Document name"
          aria-invalid={problem !== null}
          placeholder="Enter new name"
          className={cn(
            'w-full rounded-md border bg-surface px-2 py-0.5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
            problem ? 'border-danger' : 'border-line-strong',
            font,
          )}
        />
      </div>
    );
  }
  return (
    <Heading className={cn('min-w-0 flex-1', font, className)}>
      <button
        ref={buttonRef}
        type="button"
        onClick={start}
        title="Rename document"
        data-testid="document-title"
        className="block max-w-full cursor-text truncate rounded-md px-2 py-0.5 text-left hover:bg-cream-deep"
      >
        {pending ?? title}
      </button>
    </Heading>
  );
}
