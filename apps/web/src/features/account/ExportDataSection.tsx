import { useState } from 'react';
import { useServices } from '../../app/services';
import { Button } from '../../ui';
import { saveBlob } from '../files';
import { getCurrentTenant } from '../tenancy';
import { AccountSection } from './AccountSection';
import { exportFailureMessage, fetchAccountExport, formatBytes, type ExportProgress } from './exportData';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress }
  | { phase: 'done'; progress: ExportProgress; filename: string }
  | { phase: 'failed'; message: string };

/** "12 of 340 documents · 1.2 MB". */
function progressText(progress: ExportProgress): string {
  const documents = progress.total === 1 ? '1 document' : `${progress.total} documents`;
  return `${progress.documents} of ${documents} · ${formatBytes(progress.bytes)}`;
}

/**
 * 'Export all my data' (docs/ACCOUNT.md "Export all my data"): one archive of everything Bree
 * keeps for the account, streamed with its progress shown (documents arrived of the total, and
 * bytes), then handed to the browser as a download.
 */
export function ExportDataSection() {
  const { tokens } = useServices();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = state.phase === 'running';

  async function start() {
    setState({ phase: 'running', progress: { bytes: 0, documents: 0, total: 0 } });
    try {
      const archive = await fetchAccountExport({
        getAccessToken: () => tokens.getAccessToken(),
        tenantId: getCurrentTenant(),
        onProgress: (progress) => setState({ phase: 'running', progress }),
      });
      saveBlob(archive.blob, archive.filename);
      setState({ phase: 'done', progress: archive.progress, filename: archive.filename });
    } catch (failure) {
      console.warn('[account] export failed', failure);
      setState({ phase: 'failed', message: exportFailureMessage(failure) });
    }
  }

  const progress = state.phase === 'running' || state.phase === 'done' ? state.progress : null;
  return (
    <AccountSection
      id="account-export"
      title="Export all my data"
      description="One archive of everything Bree keeps for you: every document as Markdown and in Bree's own format, with its versions, tags and chat, your voice, the feedback you sent and your AI usage. Another Bree can import it."
    >
      <Button variant="secondary" loading={running} onClick={() => void start()}>
        Export all my data
      </Button>
      {progress && (
        <div className="mt-4 flex flex-col gap-2">
          <progress
            className="h-2 w-full appearance-none overflow-hidden rounded-full bg-cream-deep [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-cream-deep [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
            aria-label="Export progress"
            max={Math.max(1, progress.total)}
            value={state.phase === 'done' ? Math.max(1, progress.total) : progress.documents}
            aria-valuetext={progressText(progress)}
          />
          <p className="text-sm text-muted" data-testid="export-progress">
            {state.phase === 'done' ? `Exported ${progressText(progress)}` : `Exporting: ${progressText(progress)}`}
          </p>
        </div>
      )}
      <div aria-live="polite" className="mt-2 text-sm">
        {state.phase === 'done' && <p className="text-ink">Your archive {state.filename} is in your downloads.</p>}
      </div>
      {state.phase === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {state.message}
        </p>
      )}
    </AccountSection>
  );
}
