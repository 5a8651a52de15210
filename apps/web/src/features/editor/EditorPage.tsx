import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { displayName, ERROR_CODES } from '@bree/contracts';
import { EDITOR_VERSION, emptyDoc, fromText } from '@bree/editor';
import { useServices } from '../../app/services';
import { hasErrorCode } from '../../lib/errorCodes';
import { buttonClasses, LoadingScreen } from '../../ui';
import { getCurrentTenant } from '../tenancy';
import { getFile } from './api';
import { EditorWorkspace } from './EditorWorkspace';
import type { LoadedDocument } from './EditorWorkspace';
import { getOfflineSave } from './offlineStore';
import { seedFileMetadata } from './useFileMetadata';

type LoadState = { kind: 'loading' } | { kind: 'failed'; notFound: boolean } | { kind: 'newer' } | { kind: 'ready'; doc: LoadedDocument };

/** Plain-text content opens as paragraphs; a missing content opens empty. */
export function toEditorContent(content: unknown): unknown {
  if (typeof content === 'string') return fromText(content);
  if (content && typeof content === 'object' && (content as { type?: unknown }).type === 'doc') return content;
  return emptyDoc();
}

/** Loads a document (and any unsent offline edits of it), then shows the editor. */
export function EditorPage({ fileId }: { fileId: string }) {
  const { api, queryClient } = useServices();
  // What was loaded, and for which document: while another document is asked for (a switch to a
  // variant is a router transition) the page shows 'loading', never the previous document's
  // editor under the new one's key. Such an editor, created in a time-sliced render and destroyed
  // by TipTap when it is not mounted within a tick, broke the render (React error #520).
  const [loaded, setLoaded] = useState<{ fileId: string; state: LoadState } | null>(null);
  const state: LoadState = loaded?.fileId === fileId ? loaded.state : { kind: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const tenantId = getCurrentTenant();
    const setState = (next: LoadState) => setLoaded({ fileId, state: next });
    (async () => {
      try {
        const file = await getFile(api, fileId, controller.signal);
        // A document saved by a newer Bree may hold what this page's editor cannot show: it is not
        // opened (a save from here would drop that), and a reload brings the newer Bree.
        if ((file.editorVersion ?? 1) > EDITOR_VERSION) {
          setState({ kind: 'newer' });
          return;
        }
        const offline = await getOfflineSave(tenantId, fileId).catch(() => undefined);
        // Unsent offline edits are newer than the server's copy: show them, based on their revision.
        const { content: _content, ...summary } = file;
        const doc: LoadedDocument = {
          fileId,
          tenantId,
          summary,
          title: displayName(file.name),
          filePath: file.filePath,
          isRepository: file.isRepository,
          content: toEditorContent(offline ? offline.content : file.content),
          revision: offline ? offline.baseRevision : file.revision,
          fromOffline: offline !== undefined,
          wordGoal: file.metadata.wordGoal ?? null,
        };
        seedFileMetadata(queryClient, fileId, file.metadata);
        setState({ kind: 'ready', doc });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ kind: 'failed', notFound: hasErrorCode(error, ERROR_CODES.fileNotFound, ERROR_CODES.notFound) });
      }
    })();
    return () => controller.abort();
  }, [api, queryClient, fileId]);

  if (state.kind === 'loading') return <LoadingScreen label="Loading Bree" />;
  if (state.kind === 'newer') {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-paper p-6 text-center">
        <h1 className="font-serif text-2xl font-semibold text-ink">Bree has been updated</h1>
        <p className="text-muted">This document was saved by a newer version of Bree. Reload the page to open it.</p>
        <button type="button" className={buttonClasses({ variant: 'primary' })} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-paper p-6 text-center">
        <h1 className="font-serif text-2xl font-semibold text-ink">{state.notFound ? 'Document not found' : 'Could not open this document'}</h1>
        <p className="text-muted">{state.notFound ? 'It may have been deleted.' : 'Check your connection and try again.'}</p>
        <Link to="/app" className={buttonClasses({ variant: 'secondary' })}>
          Back to documents
        </Link>
      </div>
    );
  }
  return <EditorWorkspace key={fileId} doc={state.doc} />;
}
