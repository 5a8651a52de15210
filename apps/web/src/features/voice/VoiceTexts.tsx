import { useId, useState } from 'react';
import type { UpdateVoiceProfileBody } from '@bree/contracts';
import { VOICE_MAX_TEXT } from '@bree/contracts';
import { Button, Label } from '../../ui';

interface Props {
  styleGuide: string;
  userNotes: string;
  saving: boolean;
  onSave(body: Pick<UpdateVoiceProfileBody, 'styleGuide' | 'userNotes'>): void;
}

const AREA =
  'block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-ink ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';

/** The style guide and the author's notes, editable and saved together. Remount to reset drafts. */
export function VoiceTexts({ styleGuide, userNotes, saving, onSave }: Props) {
  const base = useId();
  const [guide, setGuide] = useState(styleGuide);
  const [notes, setNotes] = useState(userNotes);
  const dirty = guide !== styleGuide || notes !== userNotes;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ styleGuide: guide, userNotes: notes });
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={`${base}-guide`}>Style guide</Label>
        <textarea id={`${base}-guide`} value={guide} maxLength={VOICE_MAX_TEXT} rows={8} onChange={(e) => setGuide(e.target.value)} className={AREA} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${base}-notes`}>Your notes</Label>
        <textarea
          id={`${base}-notes`}
          value={notes}
          maxLength={VOICE_MAX_TEXT}
          rows={4}
          placeholder="Anything Bree should always keep in mind about how you write."
          onChange={(e) => setNotes(e.target.value)}
          className={AREA}
        />
      </div>
      <Button type="submit" size="sm" loading={saving} disabled={!dirty}>
        Save
      </Button>
    </form>
  );
}
