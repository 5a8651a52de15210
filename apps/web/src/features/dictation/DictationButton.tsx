import type { Editor } from '@tiptap/core';
import { cn } from '../../ui';
import { UnavailableButton } from '../assistant/UnavailableButton';
import { useDictationAvailability } from './availability';
import { useDictation } from './useDictation';
import './dictation.css';

interface Props {
  editor: Editor;
  fileId: string;
  /** 'document': the text goes in at the caret; 'instruction': to `onText` (the Modify instruction). */
  target?: 'document' | 'instruction';
  onText?(text: string): void;
  className?: string;
}

function MicIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4" aria-hidden="true">
      <rect x="7" y="2.5" width="6" height="10" rx="3" />
      <path d="M4.5 9.5a5.5 5.5 0 0 0 11 0M10 15v2.5" />
    </svg>
  );
}

/** m:ss of a recording. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const buttonClass =
  'inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-sm text-ink-soft hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent';

/** The microphone: dictate at the caret (toolbar, phone's formatting bar) or into the Modify instruction. */
export function DictationButton({ editor, fileId, target = 'document', onText, className }: Props) {
  const { available, reason } = useDictationAvailability();
  const d = useDictation({ editor, fileId, target, onText });
  if (!available) {
    return (
      <UnavailableButton aria-label="Dictate" reason={reason} className={cn(buttonClass, className)}>
        <MicIcon />
      </UnavailableButton>
    );
  }
  const recording = d.phase === 'recording';
  return (
    <span className="inline-flex shrink-0 items-center gap-1" data-testid="dictation">
      <button
        type="button"
        aria-label={recording ? 'Stop dictation' : 'Dictate'}
        title={recording ? 'Stop dictation' : 'Dictate'}
        aria-pressed={recording}
        disabled={d.phase === 'starting' || d.phase === 'transcribing'}
        // Keeps the caret where the words will go.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => void (recording ? d.stop() : d.start())}
        className={cn(buttonClass, recording && 'bg-red-50 text-red-700', 'disabled:opacity-60', className)}
      >
        {recording ? <span className="size-3 rounded-sm bg-red-600" aria-hidden="true" /> : <MicIcon />}
      </button>
      {recording && (
        <>
          <span
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(d.level * 100)}
            data-testid="dictation-level"
            className="relative h-2 w-12 overflow-hidden rounded-full bg-cream-deep"
          >
            <span className="absolute inset-y-0 left-0 bg-green-600" style={{ width: `${Math.round(d.level * 100)}%` }} />
          </span>
          <span className="w-10 text-xs tabular-nums text-ink-soft" aria-label="Recording time" data-testid="dictation-timer">
            {formatElapsed(d.elapsedMs)}
          </span>
          <label
            className="flex items-center gap-1 whitespace-nowrap text-xs text-ink-soft"
            title="Punctuation, paragraphs and filler words removed; nothing added"
          >
            <input type="checkbox" checked={d.polish} onChange={(e) => d.setPolish(e.target.checked)} />
            Polish in my voice
          </label>
          <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={d.cancel} className="text-xs text-ink-soft underline">
            Discard
          </button>
          {target === 'instruction' && d.preview && <span className="max-w-48 truncate text-xs italic text-ink-soft/70">{d.preview}</span>}
        </>
      )}
      {d.phase === 'transcribing' && (
        <span role="status" className="whitespace-nowrap text-xs text-ink-soft">
          Transcribing…
        </span>
      )}
    </span>
  );
}
