import { useId } from 'react';

/**
 * 'Add to my voice samples (repository)': the one question the upload and paste dialogs both ask.
 * Checked, what they create are repository files, which teach the assistant the author's voice.
 */
export function VoiceSampleChoice({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-accent" />
      <label htmlFor={id} className="text-sm text-ink-soft">
        Add to my voice samples (repository)
      </label>
    </div>
  );
}
