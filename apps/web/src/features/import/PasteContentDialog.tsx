import { AUTHENTICITY_TAGS, checkFileName, displayName } from '@bree/contracts';
import type { Authenticity } from '@bree/contracts';
import { fromText } from '@bree/editor';
import { useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { Button, Dialog, DialogActions, Input, Label } from '../../ui';
import { getCurrentTenant } from '../tenancy';
import { ADD_TO_REPOSITORY_DEFAULT } from './importFiles';
import { announceNewFiles, createDocument } from './save';
import { IMPORT_MESSAGES } from './validate';
import { VoiceSampleChoice } from './VoiceSampleChoice';

/** Controlled open state of the paste modal. */
export interface PasteContentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Mode = 'close' | 'continue';

/**
 * 'Add Content to Repository' (docs/PRODUCT.md#import): pasted text becomes a document with its
 * authenticity tag, and a repository file when the author ticks 'Add to my repository', as the
 * upload dialog asks too, with the same default (ADD_TO_REPOSITORY_DEFAULT). Create closes; Create & Continue (also Ctrl/Cmd+Enter) clears the fields for
 * the next piece while the first one is still being saved.
 */
export function PasteContentDialog({ open, onOpenChange }: PasteContentDialogProps) {
  const { api, queryClient } = useServices();
  const ids = { content: useId(), tag: useId(), error: useId() };
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const [tag, setTag] = useState<Authenticity>('Untagged');
  // The same default as Upload: imports are plain documents unless the writer asks (docs/PRODUCT.md#import).
  const [toRepository, setToRepository] = useState(ADD_TO_REPOSITORY_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  // A ref as well as state: two quick submits in one tick must both see the first one counted.
  const inFlight = useRef(0);
  const [creating, setCreating] = useState(0);

  const reset = () => {
    setName('');
    setContent('');
    setError(null);
  };

  const submit = async (mode: Mode) => {
    if (inFlight.current > 0) {
      setError(IMPORT_MESSAGES.pasteBusy);
      return;
    }
    const draft = { name: name.trim(), content, tag, isRepository: toRepository };
    const checked = checkFileName(draft.name);
    if (!checked.ok) {
      setError(checked.problem === 'empty' ? IMPORT_MESSAGES.pasteNameRequired : IMPORT_MESSAGES.pasteNameTooLong);
      nameRef.current?.focus();
      return;
    }
    if (!draft.content.trim()) {
      setError(IMPORT_MESSAGES.pasteContentRequired);
      return;
    }
    setError(null);
    inFlight.current += 1;
    setCreating(inFlight.current);
    if (mode === 'continue') {
      // The next piece can be typed while this one saves; the tag stays, as a series usually shares it.
      setName('');
      setContent('');
      nameRef.current?.focus();
    }
    try {
      const file = await createDocument(api, {
        name: draft.name,
        content: fromText(draft.content, { markFirstParagraph: true }),
        isRepository: draft.isRepository,
        metadata: { authenticity: draft.tag },
      });
      notify.success(draft.isRepository ? `${displayName(file.name)} added to your repository` : `${displayName(file.name)} added to your documents`);
      announceNewFiles(queryClient, getCurrentTenant());
      if (mode === 'close') {
        reset();
        onOpenChange(false);
      }
    } catch (failure) {
      console.warn('[import] paste creation failed', failure);
      notify.error(IMPORT_MESSAGES.pasteFailed);
      // Nothing is lost: an emptied form gets the failed draft back.
      setName((current) => current || draft.name);
      setContent((current) => current || draft.content);
    } finally {
      inFlight.current -= 1;
      setCreating(inFlight.current);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit('close');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit('continue');
    }
  };
  const onOpenChangeAndClear = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };

  const busy = creating > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChangeAndClear}
      title="Add Content to Repository"
      description="Paste blog posts, newsletters, LinkedIn posts, X/Twitter threads, emails or essays. In your repository, they teach the assistant your voice."
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} className="flex flex-col gap-4">
        <Input
          ref={nameRef}
          label="Document Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Newsletter, March issue"
          autoComplete="off"
          aria-describedby={error ? ids.error : undefined}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.content}>Content</Label>
          <textarea
            id={ids.content}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            rows={10}
            placeholder="Paste your writing here"
            className="min-h-40 w-full resize-y rounded-md border border-line-strong bg-surface px-3 py-2 text-base text-ink placeholder:text-muted/80 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.tag}>Authenticity Tag</Label>
          <select
            id={ids.tag}
            value={tag}
            onChange={(e) => {
              const chosen = AUTHENTICITY_TAGS.find((t) => t === e.target.value);
              if (chosen) setTag(chosen);
            }}
            className="h-10 w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink sm:w-60"
          >
            {AUTHENTICITY_TAGS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <VoiceSampleChoice checked={toRepository} onChange={setToRepository} />
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <DialogActions>
          <Button variant="ghost" onClick={() => onOpenChangeAndClear(false)}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void submit('continue')} title="Ctrl+Enter">
            {busy ? 'Creating...' : 'Create & Continue'}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
