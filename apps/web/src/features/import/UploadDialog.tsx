import { useCallback, useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { FileRejection } from 'react-dropzone';
import { Button, cn, Dialog, DialogActions } from '../../ui';
import { ADD_TO_REPOSITORY_DEFAULT, type FileImportStatus } from './importFiles';
import { ProgressBar } from './ProgressBar';
import { useImportFiles } from './useImportFiles';
import { VoiceSampleChoice } from './VoiceSampleChoice';
import { DROPZONE_ACCEPT, dropzoneRejectionMessage, IMPORT_LIMITS, IMPORT_MESSAGES } from './validate';

/** Controlled open state of the upload dialog, and files to import straight away. */
export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Files to import as soon as the dialog shows them (e.g. dropped on the document list). */
  initialFiles?: readonly File[];
}

interface Row {
  name: string;
  status: FileImportStatus | { state: 'waiting' };
}

const STATUS_TEXT: Record<Row['status']['state'], string> = {
  waiting: 'Waiting…',
  converting: 'Converting…',
  saving: 'Saving…',
  imported: 'Imported',
  failed: 'Failed',
  refused: 'Not imported',
};

function RowStatus({ status }: { status: Row['status'] }) {
  const tone = status.state === 'imported' ? 'text-success' : status.state === 'failed' ? 'text-danger' : 'text-muted';
  const note = status.state === 'imported' ? status.note : undefined;
  return (
    <span className={cn('shrink-0', tone)}>
      {STATUS_TEXT[status.state]}
      {note && <span className="block text-xs text-muted">{note}</span>}
    </span>
  );
}

/**
 * The upload dialog (docs/PRODUCT.md#import): a drop zone for up to 10 TXT, Markdown, HTML or DOCX files,
 * a done/total progress bar, per-file results and Close. Files are converted in the browser.
 */
export function UploadDialog({ open, onOpenChange, initialFiles }: UploadDialogProps) {
  const runImport = useImportFiles();
  const [toRepository, setToRepository] = useState(ADD_TO_REPOSITORY_DEFAULT);
  const [problems, setProblems] = useState<string[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const lastInitial = useRef<readonly File[] | null>(null);

  const start = useCallback(
    async (files: readonly File[], rejections: readonly FileRejection[] = []) => {
      if (busyRef.current) return;
      // The drop zone rejects every file past its maxFiles; the count is the sentence of docs/PRODUCT.md#import.
      if (files.length + rejections.length > IMPORT_LIMITS.maxFiles) {
        setProblems([IMPORT_MESSAGES.tooManyFiles]);
        return;
      }
      const refused = rejections.map(({ file, errors }) => ({
        name: file.name,
        message: errors[0] ? dropzoneRejectionMessage(errors[0], file.name) : IMPORT_MESSAGES.failed(file.name),
      }));
      const found: string[] = refused.map((r) => r.message);
      setProblems(found);
      setRows([
        ...files.map((f): Row => ({ name: f.name, status: { state: 'waiting' } })),
        ...refused.map((r): Row => ({ name: r.name, status: { state: 'refused', message: r.message } })),
      ]);
      setProgress(null);
      if (files.length === 0) return;
      busyRef.current = true;
      setBusy(true);
      try {
        await runImport(files, {
          isRepository: toRepository,
          refusedEarlier: refused,
          progressToast: false,
          onProblem: (message) => setProblems((prev) => (prev.includes(message) ? prev : [...prev, message])),
          onProgress: setProgress,
          onFileStatus: (file, status) => {
            const index = files.indexOf(file);
            setRows((prev) => prev.map((row, i) => (i === index ? { ...row, status } : row)));
          },
        });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [runImport, toRepository],
  );

  // Files dropped on the list arrive as a prop; each batch is imported once.
  useEffect(() => {
    if (!open || !initialFiles || initialFiles.length === 0 || lastInitial.current === initialFiles) return;
    lastInitial.current = initialFiles;
    void start(initialFiles);
  }, [open, initialFiles, start]);

  const onDrop = useCallback((accepted: File[], rejections: FileRejection[]) => void start(accepted, rejections), [start]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: DROPZONE_ACCEPT,
    maxFiles: IMPORT_LIMITS.maxFiles,
    maxSize: IMPORT_LIMITS.maxFileBytes,
    multiple: true,
    disabled: busy,
  });

  const onOpenChangeAndReset = (next: boolean) => {
    // A finished batch is cleared on close; a running one keeps its state to show on reopening.
    if (!next && !busyRef.current) {
      setProblems([]);
      setRows([]);
      setProgress(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChangeAndReset}
      title="Upload Files"
      description="TXT, Markdown, HTML or DOCX · up to 10 files · 1 MB each, 5 MB in total"
    >
      {/* Outside the drop area: a control inside a button could not be reached on its own. */}
      <input {...getInputProps({ 'aria-label': 'Files to import' })} />
      {/* Named by its own text, so what is read out is what is shown. */}
      <div
        {...getRootProps({
          role: 'button',
          'aria-disabled': busy || undefined,
          className: cn(
            'flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            isDragActive ? 'border-accent bg-accent-soft' : 'border-line-strong bg-cream/50 hover:border-accent/60',
            busy && 'cursor-wait opacity-70',
          ),
        })}
      >
        <p className="font-medium text-ink">Drag &amp; drop files here, or click to browse</p>
        <p className="text-xs text-muted">.txt, .md, .markdown, .html, .htm, .docx</p>
      </div>

      <div className="mt-4">
        <VoiceSampleChoice checked={toRepository} disabled={busy} onChange={setToRepository} />
      </div>

      {problems.length > 0 && (
        <ul role="alert" className="mt-4 flex flex-col gap-1 rounded-md border border-danger/30 bg-danger-soft p-3 text-sm text-danger">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {progress && progress.total > 0 && (
        <div className="mt-4">
          <ProgressBar done={progress.done} total={progress.total} label="Import progress" />
        </div>
      )}

      {rows.length > 0 && (
        <ul aria-label="Files" aria-live="polite" className="mt-4 flex max-h-48 flex-col divide-y divide-line overflow-y-auto text-sm">
          {rows.map((row, i) => (
            <li key={`${i}-${row.name}`} className="py-1.5">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate text-ink">{row.name}</span>
                <RowStatus status={row.status} />
              </div>
              {row.status.state === 'failed' && <p className="mt-0.5 text-xs text-danger">{row.status.message}</p>}
            </li>
          ))}
        </ul>
      )}

      <DialogActions className="mt-6">
        <Button variant="secondary" onClick={() => onOpenChangeAndReset(false)}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
