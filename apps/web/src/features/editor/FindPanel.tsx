import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { cn } from '../../ui';
import { MAX_QUERY_LENGTH, clearFind, getFindState, moveFind, replaceAll, replaceCurrent, revealCurrentMatch, selectCurrentMatch, setFindQuery } from './find';

export interface FindBarProps {
  editor: Editor;
  /** Bumped by Ctrl/Cmd+F (and the toolbar button); 0 while the bar is closed. */
  request: number;
  onClose(): void;
  /** Undo/redo go through the page, as the toolbar's do. */
  onUndo(): void;
  onRedo(): void;
  isMobile: boolean;
}

function IconButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-sm text-ink-soft',
        'hover:bg-cream-deep hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-accent',
        pressed && 'bg-accent-soft font-semibold text-accent-strong',
      )}
    >
      {children}
    </button>
  );
}

const chevron = (d: string) => (
  <svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-4"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const TEXT_BUTTON =
  'h-8 shrink-0 rounded-md border border-line-strong bg-surface px-2.5 text-sm text-ink hover:bg-cream-deep aria-disabled:opacity-40 aria-disabled:hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent';
const FIELD =
  'h-8 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 text-sm text-ink placeholder:text-muted/80 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';

/** Find and replace inside the document (Ctrl/Cmd+F while writing): highlights, 'n of m', replace one or all. */
export function FindPanel({ editor, request, onClose, onUndo, onRedo, isMobile }: FindBarProps) {
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [message, setMessage] = useState('');
  const findRef = useRef<HTMLInputElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const state = getFindState(e.state);
      return { total: state.matches.length, current: state.current };
    },
  });

  // Each Ctrl/Cmd+F: a short selection in one block becomes the query (as in Google Docs), and the
  // field takes focus with its text selected.
  useEffect(() => {
    const { from, to, empty, $from, $to } = editor.state.selection;
    if (!empty && $from.sameParent($to) && to - from <= 200) {
      const selected = editor.state.doc.textBetween(from, to);
      if (selected.trim()) setQuery(selected);
    }
    requestAnimationFrame(() => {
      findRef.current?.focus();
      findRef.current?.select();
    });
  }, [editor, request]);

  // Matches follow the query (and, inside the plugin, every edit of the text).
  useEffect(() => {
    if (editor.isDestroyed) return;
    setFindQuery(editor.view, { text: query, caseSensitive });
    revealCurrentMatch(editor.view, barRef.current);
  }, [editor, query, caseSensitive]);

  // Closing takes the highlights away.
  useEffect(
    () => () => {
      if (!editor.isDestroyed) clearFind(editor.view);
    },
    [editor],
  );

  const move = (step: 1 | -1) => {
    setMessage('');
    moveFind(editor.view, step);
    revealCurrentMatch(editor.view, barRef.current);
  };
  const replaceOne = () => {
    setMessage('');
    if (replaceCurrent(editor.view, replacement)) revealCurrentMatch(editor.view, barRef.current);
  };
  const replaceEvery = () => {
    const count = replaceAll(editor.view, replacement);
    setMessage(`Replaced ${count.toLocaleString('en-US')} ${count === 1 ? 'match' : 'matches'}`);
  };
  /** Back to the text, with the current match selected (as the find box of Google Docs leaves it). */
  const close = () => {
    if (!editor.isDestroyed) {
      selectCurrentMatch(editor.view);
      clearFind(editor.view);
      editor.commands.focus(null, { scrollIntoView: false });
    }
    onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (mod && !e.altKey && key === 'f') {
      // Ctrl/Cmd+F again: back to the find field, not the browser's find.
      e.preventDefault();
      findRef.current?.focus();
      findRef.current?.select();
    } else if (mod && (key === 'z' || key === 'y') && !(e.target instanceof HTMLInputElement)) {
      // On the buttons (after Replace all), Undo and Redo act on the document.
      e.preventDefault();
      if (key === 'y' || e.shiftKey) onRedo();
      else onUndo();
    }
  };

  const status = message || (query ? (s.total === 0 ? 'No results' : `${(s.current + 1).toLocaleString('en-US')} of ${s.total.toLocaleString('en-US')}`) : '');
  return (
    // Desktop: floats over the top right of the text, as in Google Docs. Phone: a bar across the
    // top that takes its own room, so it never hides the first lines.
    <div className={isMobile ? 'sticky top-0 z-20 bg-paper px-2 pt-2' : 'pointer-events-none sticky top-0 z-20 h-0'}>
      <div
        ref={barRef}
        role="search"
        aria-label="Find and replace"
        onKeyDown={onKeyDown}
        data-testid="find-bar"
        className={cn(
          'pointer-events-auto flex flex-col gap-1.5 rounded-lg border border-line bg-surface p-2 shadow-pop',
          isMobile ? 'w-full' : 'absolute top-2 right-4 w-[26rem] max-w-[calc(100%-2rem)]',
        )}
      >
        <div className="flex items-center gap-1">
          <input
            ref={findRef}
            type="text"
            aria-label="Find in document"
            placeholder="Find in document"
            maxLength={MAX_QUERY_LENGTH}
            value={query}
            aria-describedby={`${ids}-status`}
            onChange={(e) => {
              setMessage('');
              setQuery(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                move(e.shiftKey ? -1 : 1);
              }
            }}
            className={FIELD}
          />
          <span id={`${ids}-status`} role="status" className="min-w-16 shrink-0 px-1 text-right text-xs text-muted tabular-nums" data-testid="find-status">
            {status}
          </span>
          <IconButton label="Previous match" onClick={() => move(-1)} disabled={s.total === 0}>
            {chevron('m5 12.5 5-5 5 5')}
          </IconButton>
          <IconButton label="Next match" onClick={() => move(1)} disabled={s.total === 0}>
            {chevron('m5 7.5 5 5 5-5')}
          </IconButton>
          <IconButton label="Match case" pressed={caseSensitive} onClick={() => setCaseSensitive((v) => !v)}>
            <span aria-hidden="true">Aa</span>
          </IconButton>
          <IconButton label="Close find and replace" onClick={close}>
            {chevron('m5.5 5.5 9 9m0-9-9 9')}
          </IconButton>
        </div>
        <div className="flex items-center gap-1">
          <input
            type="text"
            aria-label="Replace with"
            placeholder="Replace with"
            value={replacement}
            onChange={(e) => setReplacement(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                replaceOne();
              }
            }}
            className={FIELD}
          />
          {/* aria-disabled, not disabled: the button keeps focus once the last match is gone, so Ctrl+Z there undoes. */}
          <button type="button" className={TEXT_BUTTON} aria-disabled={s.total === 0} onClick={() => s.total > 0 && replaceOne()}>
            Replace
          </button>
          <button type="button" className={TEXT_BUTTON} aria-disabled={s.total === 0} onClick={() => s.total > 0 && replaceEvery()}>
            Replace all
          </button>
        </div>
      </div>
    </div>
  );
}
