import { useId } from 'react';

/**
 * 'Add to my repository': the one question the upload and paste dialogs both ask, unticked at first
 * in both (ADD_TO_REPOSITORY_DEFAULT). Ticked, what they create are repository files, which teach
 * the assistant the author's voice; 'repository' is the product's one name for them (docs/PRODUCT.md#voice).
 */
export function VoiceSampleChoice({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-accent"
      />
      <div>
        <label htmlFor={id} className="text-sm text-ink-soft">
          Add to my repository
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          Bree learns your voice from the documents in your repository.
        </p>
      </div>
    </div>
  );
}
