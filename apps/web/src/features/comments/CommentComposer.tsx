import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { COMMENT_MAX_BODY } from '@bree/contracts';
import { Button, cn } from '../../ui';
import { insertMention, matchingPeople, mentionAt } from './mentions';

const COMMENT_TEXT = {
  discard: 'Discard what you wrote?',
  length: (n: number) =>
    n > COMMENT_MAX_BODY
      ? `${n.toLocaleString('en')} of ${COMMENT_MAX_BODY.toLocaleString('en')} characters: shorten it to send.`
      : `${n.toLocaleString('en')} of ${COMMENT_MAX_BODY.toLocaleString('en')} characters.`,
} as const;

interface Props {
  label: string;
  submitLabel: string;
  people: readonly { name: string }[];
  initial?: string;
  autoFocus?: boolean;
  busy?: boolean;
  onSubmit(body: string): Promise<boolean>;
  onCancel?(): void;
}

/**
 * A comment's text box: '@' offers the people with access (arrows and Enter or Tab pick one, Escape
 * closes the list), Ctrl+Enter or ⌘+Enter sends. The text is kept when sending fails.
 */
export function CommentComposer({ label, submitLabel, people, initial = '', autoFocus, busy, onSubmit, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [choice, setChoice] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const typing = mentionAt(text, caret);
  const names = typing && typing.start !== dismissed ? matchingPeople(people, typing.query) : [];
  const listOpen = names.length > 0;
  // No maxLength: the browser would cut a long paste silently. Past the limit the box says so and does not send.
  const tooLong = text.trim().length > COMMENT_MAX_BODY;
  const nearLimit = text.length > COMMENT_MAX_BODY - 200;

  const pick = (name: string) => {
    if (!typing) return;
    const next = insertMention(text, caret, typing.start, name);
    setText(next.text);
    setCaret(next.caret);
    setChoice(0);
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() || tooLong || busy) return;
    if (await onSubmit(text.trim())) {
      setText('');
      setCaret(0);
    }
  };

  // Words typed are not thrown away by one key: Escape or Cancel asks first.
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const cancel = () => {
    if (text.trim() === initial.trim() || askingToDiscard) onCancel?.();
    else setAskingToDiscard(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      setChoice((c) => (c + (e.key === 'ArrowDown' ? 1 : names.length - 1)) % names.length);
    } else if (listOpen && (e.key === 'Enter' || e.key === 'Tab') && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      pick(names[Math.min(choice, names.length - 1)]!);
    } else if (listOpen && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(typing?.start ?? null);
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Escape' && onCancel) {
      e.stopPropagation();
      cancel();
    }
  };

  return (
    <form onSubmit={(e) => void send(e)} className="relative">
      <textarea
        ref={box}
        aria-label={label}
        placeholder={people.length ? `${label} — @ to mention someone` : label}
        value={text}
        aria-invalid={tooLong || undefined}
        aria-describedby={nearLimit ? `${listId}-length` : undefined}
        autoFocus={autoFocus}
        rows={2}
        aria-autocomplete="list"
        aria-expanded={listOpen}
        aria-controls={listOpen ? listId : undefined}
        aria-activedescendant={listOpen ? `${listId}-${Math.min(choice, names.length - 1)}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          setChoice(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        className="block w-full resize-y rounded-md border border-line bg-paper px-2 py-1.5 text-sm text-ink focus-visible:outline-2 focus-visible:outline-accent"
      />
      {listOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 z-10 mt-1 rounded-md border border-line bg-surface py-1 shadow-pop"
        >
          {names.map((name, i) => (
            <li
              key={name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === Math.min(choice, names.length - 1)}
              // Keeps focus in the text box while a name is picked with the mouse.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(name)}
              className={cn('cursor-pointer px-3 py-1.5 text-sm text-ink', i === Math.min(choice, names.length - 1) && 'bg-accent-soft')}
            >
              {name}
            </li>
          ))}
        </ul>
      )}
      {nearLimit && (
        <p id={`${listId}-length`} aria-live="polite" className={cn('mt-1 text-xs', tooLong ? 'text-danger' : 'text-muted')}>
          {COMMENT_TEXT.length(text.trim().length)}
        </p>
      )}
      {askingToDiscard && (
        <div role="alertdialog" aria-label={COMMENT_TEXT.discard} className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
          <span>{COMMENT_TEXT.discard}</span>
          <Button type="button" variant="danger" size="sm" autoFocus onClick={onCancel}>
            Discard
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setAskingToDiscard(false);
              box.current?.focus();
            }}
          >
            Keep writing
          </Button>
        </div>
      )}
      <div className="mt-2 flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={cancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!text.trim() || tooLong || busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
