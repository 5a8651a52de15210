import { FEEDBACK_FILE_TYPES, FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '@bree/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useServices } from '../../app/services';
import { Button, cn, DialogActions, useIsMobile } from '../../ui';
import { getCurrentTenant } from '../tenancy';
import { collectBrowserInfo, submitFeedback } from './api';
import { capturePage, imageFromPaste, readClipboardImage } from './capture';
import { AttachedFiles, ScreenshotPreview } from './FeedbackAttachments';
import { canTryAgain, describeFailure, fileProblem, imageProblem, submitProblem, totalSize, type FeedbackPhase, type FailureKind } from './rules';

const AREA =
  'block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-ink ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';

/** The dialog's form: loaded with the dialog's first opening, so pages that never open it never download it. */
export default function FeedbackForm({ onDone }: { onDone(): void }) {
  const { api } = useServices();
  const isMobile = useIsMobile();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<Blob | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<FeedbackPhase>('idle');
  const [attempts, setAttempts] = useState(0);
  const [failure, setFailure] = useState<{ message: string; kind: FailureKind } | null>(null);

  // Success closes after 2 s; failures other than 429 and 413 clear after 10 s (docs/PRODUCT.md#feedback).
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(onDone, FEEDBACK_LIMITS.successCloseMs);
    return () => clearTimeout(timer);
  }, [phase, onDone]);
  useEffect(() => {
    if (!failure || failure.kind !== 'other') return;
    const timer = setTimeout(() => {
      setFailure(null);
      setPhase('idle');
    }, FEEDBACK_LIMITS.errorClearMs);
    return () => clearTimeout(timer);
  }, [failure]);

  const busy = phase === 'capturing' || phase === 'submitting';
  const bytes = (screenshot?.size ?? 0) + files.reduce((sum, f) => sum + f.size, 0);
  const total = totalSize(bytes);

  function takeImage(image: Blob, source: 'screenshot' | 'clipboard') {
    const tooLarge = imageProblem(source, image.size);
    setProblem(tooLarge);
    if (!tooLarge) setScreenshot(image);
  }

  async function capture() {
    setPhase('capturing');
    setProblem(null);
    try {
      takeImage(await capturePage(isMobile), 'screenshot');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : FEEDBACK_MESSAGES.captureFailed);
    } finally {
      setPhase('idle');
    }
  }

  async function paste() {
    try {
      takeImage(await readClipboardImage(), 'clipboard');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : FEEDBACK_MESSAGES.clipboardEmpty);
    }
  }

  function addFiles(list: FileList | null) {
    const adding = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (adding.length === 0) return;
    const refused = fileProblem(files, adding);
    setProblem(refused);
    if (!refused) setFiles((current) => [...current, ...adding]);
  }

  async function submit() {
    const refused = submitProblem({ message, hasScreenshot: screenshot !== null, fileCount: files.length, isMobile });
    setProblem(refused);
    if (refused) return;
    setPhase('submitting');
    setFailure(null);
    try {
      await submitFeedback(api, {
        tenantId: getCurrentTenant(),
        message: message.trim(),
        screenshot,
        files,
        browserInfo: collectBrowserInfo(),
        pageContext: document.title || 'Unknown Page',
      });
      setPhase('success');
    } catch (error) {
      setAttempts((n) => n + 1);
      setFailure(describeFailure(error));
      setPhase('error');
    }
  }

  if (phase === 'success') {
    return (
      <div role="status" className="py-6 text-center">
        <p className="font-serif text-lg font-semibold text-ink">{FEEDBACK_MESSAGES.successTitle}</p>
        <p className="mt-2 text-sm text-ink-soft">{FEEDBACK_MESSAGES.successBody}</p>
      </div>
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onPaste={(event) => {
        const image = imageFromPaste(event);
        if (image) {
          event.preventDefault();
          takeImage(image, 'clipboard');
        }
      }}
    >
      <div>
        <label htmlFor={`${ids}-message`} className="block text-sm font-medium text-ink-soft">
          Your feedback
        </label>
        <textarea
          id={`${ids}-message`}
          value={message}
          maxLength={FEEDBACK_LIMITS.messageMaxChars}
          rows={5}
          disabled={phase === 'submitting'}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="What happened, and what did you expect?"
          className={cn(AREA, 'mt-1.5')}
        />
        <p className="mt-1 text-right text-xs text-muted" aria-live="polite">
          {message.length}/{FEEDBACK_LIMITS.messageMaxChars}
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void capture()} loading={phase === 'capturing'} disabled={busy}>
          {phase === 'capturing' ? 'Capturing...' : 'Capture Screenshot'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void paste()} disabled={busy}>
          Paste from Clipboard
        </Button>
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={busy || files.length >= FEEDBACK_LIMITS.maxFiles}>
          Attach Files
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          accept={FEEDBACK_FILE_TYPES.join(',')}
          onChange={(e) => addFiles(e.target.files)}
        />
      </div>

      {screenshot && <ScreenshotPreview image={screenshot} onRemove={() => setScreenshot(null)} disabled={busy} />}
      <AttachedFiles files={files} onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))} disabled={busy} />
      <p className={cn('text-xs', total.over ? 'font-medium text-red-700' : 'text-muted')} data-over-limit={total.over || undefined}>
        Total size: {total.text}
      </p>

      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      {phase === 'error' && failure && (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{failure.message}</p>
          <p className="text-xs">{FEEDBACK_MESSAGES.attempt(attempts)}</p>
          {canTryAgain(attempts) && (
            <Button variant="secondary" size="sm" onClick={() => void submit()}>
              Try Again
            </Button>
          )}
        </div>
      )}

      <DialogActions>
        <Button variant="ghost" onClick={onDone} disabled={phase === 'submitting'}>
          Cancel
        </Button>
        <Button type="submit" loading={phase === 'submitting'} disabled={message === '' || phase === 'capturing' || !canTryAgain(attempts)}>
          {phase === 'submitting' ? 'Submitting...' : 'Submit'}
        </Button>
      </DialogActions>
    </form>
  );
}
