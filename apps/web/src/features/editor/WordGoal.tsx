import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { FILES } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Button, cn } from '../../ui';
import { saveWordGoal } from './api';

const formatNumber = (n: number) => n.toLocaleString('en-US');

/** The document's word goal, kept in its metadata on the server. */
export interface WordGoalControl {
  goal: number | null;
  saving: boolean;
  /** Saves a goal (null removes it); false when the server refused or could not be reached. */
  save(goal: number | null): Promise<boolean>;
}

export function useWordGoal({ api, tenantId, fileId, initial }: { api: ApiClient; tenantId: string; fileId: string; initial: number | null }): WordGoalControl {
  const [goal, setGoal] = useState(initial);
  const [saving, setSaving] = useState(false);
  // What the server last kept, and which save is the latest: an older answer never overwrites a newer choice.
  const kept = useRef(initial);
  const latest = useRef(0);
  // Saves go one after the other, so the server ends with the last choice too.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    async (next: number | null) => {
      const id = ++latest.current;
      // Shown at once; put back if the server does not keep it.
      setGoal(next);
      setSaving(true);
      try {
        const request = queue.current.then(() => saveWordGoal(api, { tenantId, fileId, wordGoal: next }));
        queue.current = request.catch(() => undefined);
        const answer = await request;
        kept.current = answer;
        if (id === latest.current) setGoal(answer);
        return true;
      } catch {
        if (id === latest.current) {
          setGoal(kept.current);
          notify.error(next === null ? 'Could not remove the word goal. Please try again.' : 'Could not save the word goal. Please try again.');
        }
        return false;
      } finally {
        if (id === latest.current) setSaving(false);
      }
    },
    [api, tenantId, fileId],
  );
  return { goal, saving, save };
}

/** A whole number of words from 1 to the maximum; '1,500' and '1 500' are read as 1500. */
export function parseWordGoal(input: string): number | null {
  const digits = input.trim().replace(/[\s,_']/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 && n <= FILES.maxWordGoal ? n : null;
}

const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The progress ring: words written against the goal. */
function GoalRing({ words, goal }: { words: number; goal: number }) {
  const fraction = Math.min(1, words / goal);
  const reached = words >= goal;
  const text = `${formatNumber(words)} of ${formatNumber(goal)} words`;
  return (
    <div
      role="progressbar"
      aria-label="Word goal"
      aria-valuemin={0}
      aria-valuemax={goal}
      aria-valuenow={Math.min(words, goal)}
      aria-valuetext={text}
      className="relative size-11 shrink-0"
      data-testid="word-goal-ring"
    >
      <svg viewBox="0 0 40 40" className="size-11 -rotate-90" aria-hidden="true">
        <circle cx="20" cy="20" r={RADIUS} fill="none" strokeWidth="4" className="stroke-line" />
        <circle
          cx="20"
          cy="20"
          r={RADIUS}
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
          className={cn('transition-[stroke-dashoffset] duration-500 motion-reduce:transition-none', reached ? 'stroke-success' : 'stroke-accent')}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-[10px] font-semibold text-ink-soft tabular-nums" aria-hidden="true">
        {reached ? '✓' : `${Math.floor(fraction * 100)}%`}
      </span>
    </div>
  );
}

/** Beside the word count: 'Set a word goal', then a ring with '320 of 1,000 words', Change and Remove. */
export function WordGoal({ words, control }: { words: number; control: WordGoalControl }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const ids = useId();
  const { goal, save } = control;
  // After the form closes or the goal goes, focus lands on the control that replaced them.
  const primaryRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || editing) return;
    refocus.current = false;
    primaryRef.current?.focus();
  });
  const closeForm = () => {
    refocus.current = true;
    setEditing(false);
  };

  const startEditing = () => {
    setValue(goal ? String(goal) : '');
    setError('');
    setEditing(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = parseWordGoal(value);
    if (next === null) {
      setError(`Enter a whole number from 1 to ${formatNumber(FILES.maxWordGoal)}.`);
      return;
    }
    closeForm();
    await save(next);
  };

  if (editing) {
    return (
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 rounded-md border border-line bg-paper p-2" noValidate data-testid="word-goal">
        <label htmlFor={`${ids}-goal`} className="text-xs font-medium text-ink-soft">
          Word goal for this document
        </label>
        <div className="flex items-center gap-2">
          <input
            id={`${ids}-goal`}
            autoFocus
            inputMode="numeric"
            autoComplete="off"
            placeholder="1,000"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                // Only the form closes (not the sheet around it on phones).
                e.preventDefault();
                e.stopPropagation();
                closeForm();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            className={cn(
              'h-9 w-28 min-w-0 rounded-md border bg-surface px-2 text-sm text-ink tabular-nums',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
              error ? 'border-danger' : 'border-line-strong',
            )}
          />
          <span className="text-sm text-muted">words</span>
        </div>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Save goal
          </Button>
          <Button variant="ghost" size="sm" onClick={closeForm}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  if (goal === null) {
    return (
      <div data-testid="word-goal">
        <button ref={primaryRef} type="button" onClick={startEditing} className="text-sm text-accent underline-offset-2 hover:underline disabled:opacity-60">
          Set a word goal
        </button>
      </div>
    );
  }

  const reached = words >= goal;
  return (
    <div className="flex items-center gap-3 rounded-md border border-line bg-paper p-2" data-testid="word-goal">
      <GoalRing words={words} goal={goal} />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-ink tabular-nums">
          {formatNumber(words)} of {formatNumber(goal)} words
        </p>
        <p className={cn('text-xs', reached ? 'text-success' : 'text-muted')}>{reached ? 'Goal reached' : `${formatNumber(goal - words)} to go`}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <button ref={primaryRef} type="button" onClick={startEditing} className="text-xs text-accent hover:underline disabled:opacity-60">
          Change goal
        </button>
        <button
          type="button"
          onClick={() => {
            refocus.current = true;
            void save(null);
          }}
          className="text-xs text-muted hover:text-danger hover:underline disabled:opacity-60"
        >
          Remove goal
        </button>
      </div>
    </div>
  );
}
