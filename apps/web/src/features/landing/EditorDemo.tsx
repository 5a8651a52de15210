import { useEffect, useState } from 'react';
import { cn } from '../../ui/cn';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { DEMO_INSTRUCTION, DEMO_STEP_MS, DEMO_STILL_STEP, demoReached, nextDemoStep, typedInstruction, type DemoStep } from './demo';

const BEFORE = 'Our café opens at seven. ';
const ORIGINAL = 'We sell coffee and some food, and people seem to like it there.';
const MODIFIED = 'By half past, the first loaves are out of the oven and regulars are trading news over flat whites at the window bar.';
const AFTER = ' On Saturdays there is live music from ten until noon.';

const ACTIONS = ['Enhance', 'Modify', 'Shrink', 'Expand'] as const;

/** Ticks every 45 ms while the Modify instruction is being typed, so the instruction appears letter by letter. */
function useTypingClock(active: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed(Date.now() - started), 45);
    return () => {
      window.clearInterval(timer);
      setElapsed(0);
    };
  }, [active]);
  return elapsed;
}

/**
 * The landing page's editor preview (docs/PRODUCT.md#landing): a still replica of
 * the editor running the Modify loop. No editor code is loaded; the frame only borrows its look.
 * With `prefers-reduced-motion` it shows the loop's end, paused, with a Play control.
 */
export function EditorDemo() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice ? choice === 'play' : !reducedMotion;
  const [step, setStep] = useState<DemoStep>(() => (reducedMotion ? DEMO_STILL_STEP : 'idle'));
  const typed = useTypingClock(playing && step === 'prompt');

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setStep(nextDemoStep), DEMO_STEP_MS[step]);
    return () => window.clearTimeout(timer);
  }, [playing, step]);

  // Reduced motion turned on while the loop runs: stop at its end, unless the reader chose to play.
  useEffect(() => {
    if (reducedMotion && choice === null) setStep(DEMO_STILL_STEP);
  }, [reducedMotion, choice]);

  const instruction = step === 'prompt' ? (playing ? typedInstruction(typed) : DEMO_INSTRUCTION) : DEMO_INSTRUCTION;
  const selected = demoReached(step, 'selection') && step !== 'accept';
  const showSuggestion = step === 'suggestion' || step === 'toggle';
  const motion = reducedMotion ? '' : 'transition-all duration-500';

  return (
    <figure className="mx-auto max-w-3xl" data-demo-step={step} data-demo-playing={playing}>
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-pop">
        <div aria-hidden="true" className="flex items-center justify-between gap-3 border-b border-line bg-cream px-4 py-2.5">
          <div className="flex min-w-0 items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-full bg-line-strong" />
            <span className="size-2.5 shrink-0 rounded-full bg-line-strong" />
            <span className="truncate pl-2 font-serif text-sm font-semibold text-ink">Morning at the café</span>
          </div>
          <span className="shrink-0 text-xs text-muted">{step === 'accept' ? 'Saved' : 'Edited today'}</span>
        </div>
        <div aria-hidden="true" className="flex gap-1 border-b border-line px-4 py-1.5 text-xs text-muted">
          {['B', 'I', 'U', 'H1', 'H2', '• List'].map((tool) => (
            <span key={tool} className="rounded px-2 py-1 font-semibold">
              {tool}
            </span>
          ))}
        </div>
        <div aria-hidden="true" className="relative min-h-72 px-5 py-6 font-serif text-base leading-relaxed text-ink sm:px-10 sm:py-8 sm:text-lg">
          <p>
            {BEFORE}
            {step === 'accept' ? (
              <span className={cn('rounded-sm bg-accent-soft/60', motion)}>{MODIFIED}</span>
            ) : (
              <span
                className={cn(
                  'rounded-sm',
                  motion,
                  selected && 'bg-accent-soft',
                  step === 'generating' && 'blur-[2px]',
                  showSuggestion && 'line-through decoration-muted/70',
                )}
              >
                {ORIGINAL}
              </span>
            )}
            {step === 'cursor' || step === 'idle' ? <span className="mx-px inline-block h-5 w-0.5 animate-pulse bg-ink align-middle" /> : null}
            {AFTER}
          </p>

          {step === 'generating' && <p className="mt-3 font-sans text-sm text-accent">Rewriting in your voice…</p>}

          {(step === 'menu' || step === 'prompt') && (
            <div className="mt-4 inline-flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1 font-sans text-sm shadow-pop">
              {ACTIONS.map((action) => (
                <span
                  key={action}
                  className={cn('rounded-md px-3 py-1.5 text-ink-soft', action === 'Modify' && 'bg-accent-soft font-medium text-accent-strong')}
                >
                  {action}
                </span>
              ))}
            </div>
          )}

          {step === 'prompt' && (
            <div className="mt-3 max-w-md rounded-lg border border-line-strong bg-surface p-3 font-sans shadow-pop">
              <p className="text-sm font-medium text-ink">How should this text be rewritten?</p>
              <div className="mt-2 flex items-center gap-2">
                <span className="min-h-9 flex-1 rounded-md border border-line px-3 py-1.5 text-sm text-ink">
                  {instruction}
                  <span className="ml-px inline-block h-4 w-px bg-ink align-middle" />
                </span>
                <span className="flex size-9 items-center justify-center rounded-md border border-line text-muted">
                  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <rect x="9" y="3" width="6" height="11" rx="3" />
                    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
                  </svg>
                </span>
                <span className="flex size-9 items-center justify-center rounded-md bg-accent text-white">
                  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <path d="M5 12h14M13 6l6 6-6 6" />
                  </svg>
                </span>
              </div>
            </div>
          )}

          {showSuggestion && (
            <div className="mt-4 rounded-lg border border-accent/40 bg-accent-soft/40 p-3 font-sans text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="inline-flex rounded-md border border-line bg-surface p-0.5">
                  <span className={cn('rounded px-2.5 py-1', step === 'toggle' ? 'bg-cream-deep font-medium text-ink' : 'text-muted')}>Original</span>
                  <span className={cn('rounded px-2.5 py-1', step === 'suggestion' ? 'bg-cream-deep font-medium text-ink' : 'text-muted')}>Modified</span>
                </div>
                <div className="flex gap-1.5">
                  <span className="rounded-md border border-line-strong bg-surface px-2.5 py-1 text-ink">Reject</span>
                  <span className={cn('rounded-md bg-accent px-2.5 py-1 text-white', step === 'toggle' && 'ring-2 ring-accent/40')}>Accept</span>
                </div>
              </div>
              <p className="mt-2 font-serif text-base text-ink">{step === 'toggle' ? ORIGINAL : MODIFIED}</p>
            </div>
          )}

          {demoReached(step, 'cursor') && step !== 'accept' && step !== 'generating' && (
            <svg viewBox="0 0 24 24" className={cn('pointer-events-none absolute size-5 text-ink drop-shadow', motion, cursorPosition(step))}>
              <path d="M4 3l16 7-7 2-2 7z" fill="currentColor" stroke="white" strokeWidth="1.5" strokeLinejoin="round" />
            </svg>
          )}
        </div>
      </div>
      <figcaption className="mt-4 flex flex-wrap items-center justify-center gap-3 text-sm text-muted">
        <span>Select a passage, ask for a change in your own words, compare it with the original, accept it.</span>
        <button
          type="button"
          onClick={() => setChoice(playing ? 'pause' : 'play')}
          className="rounded-md border border-line-strong bg-surface px-3 py-1 font-medium text-ink hover:bg-cream-deep"
        >
          {playing ? 'Pause demo' : 'Play demo'}
        </button>
      </figcaption>
    </figure>
  );
}

/** Where the pointer sits at each step: drifting over the sentence, then onto Modify, the instruction box and Accept. */
function cursorPosition(step: DemoStep): string {
  switch (step) {
    case 'cursor':
      return 'top-10 left-1/3';
    case 'selection':
      return 'top-16 left-2/3';
    case 'menu':
      return 'top-36 left-32';
    case 'prompt':
      return 'top-60 left-[60%]';
    case 'suggestion':
    case 'toggle':
      return 'top-52 right-12';
    default:
      return 'top-8 left-8';
  }
}
