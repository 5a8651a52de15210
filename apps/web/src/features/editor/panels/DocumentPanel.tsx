import { lazy, Suspense, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { notify } from '../../../lib/toast';
import { Button } from '../../../ui';
import { copyText } from '../clipboard';
import { useDocumentStats } from '../useDocumentStats';
import { WordGoal } from '../WordGoal';
import type { WordGoalControl } from '../WordGoal';
import { DOWNLOAD_FORMATS, DownloadOptions, NO_EXTRAS, useFileTransfers } from '../../files';
import { useHasComments } from '../../comments';
import { htmlWithoutProvenance } from '../provenanceView';
import { AuthorshipSection } from './AuthorshipSection';
import type { PanelFile } from './SidePanel';
import { WorkspaceSection } from '../../workspaces';

// The outline comes in its own chunk, fetched when the Document panel first shows (docs/PAGE-WEIGHT.md).
const OutlineSection = lazy(() => import('./OutlineSection').then((m) => ({ default: m.OutlineSection })));

/** Plain text of the editor with blank lines between blocks (what 'Copy document' copies). */
export function editorPlainText(editor: Editor): string {
  return editor.getText({ blockSeparator: '\n\n' });
}

interface Props {
  editor: Editor;
  fileId: string;
  file: PanelFile;
  wordGoal?: WordGoalControl;
  /** The phone's sheet: closed before the outline goes to a heading (OutlineSection). */
  leavePanel?(go: () => void): void;
}

/** Documents/workspace panel: the outline, counts, authorship, 'Copy as HTML' and 'Copy document', downloads, the workspace. */
export function DocumentPanel({ editor, fileId, file, wordGoal, leavePanel }: Props) {
  const stats = useDocumentStats(editor);
  const { download } = useFileTransfers();
  const [extras, setExtras] = useState(NO_EXTRAS);
  const hasComments = useHasComments();
  const rows: [string, number][] = [
    ['Words', stats.words],
    ['Characters', stats.characters],
    ['Min Read', stats.minRead],
    [stats.pages === 1 ? 'Page' : 'Pages', stats.pages],
  ];

  const copyHtml = async () => {
    // The clipboard gets the text as written, without the marks that say which words the AI wrote.
    if (await copyText(htmlWithoutProvenance(editor))) notify.success('Copied as HTML');
    else notify.error('Failed to copy HTML');
  };
  const copyDocument = async () => {
    if (await copyText(editorPlainText(editor))) notify.success('Content copied');
    else notify.error('Failed to copy content');
  };

  return (
    <div className="space-y-4">
      <Suspense fallback={null}>
        <OutlineSection editor={editor} leavePanel={leavePanel} />
      </Suspense>
      <dl className="grid grid-cols-2 gap-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-md border border-line bg-paper p-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-serif text-lg text-ink" data-testid={`stat-${label.toLowerCase().replace(' ', '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {wordGoal && <WordGoal words={stats.words} control={wordGoal} />}
      <AuthorshipSection editor={editor} tenantId={file.tenantId} fileId={fileId} />
      <div className="flex flex-col gap-2">
        <Button variant="secondary" onClick={() => void copyHtml()}>
          Copy as HTML
        </Button>
        <Button variant="secondary" onClick={() => void copyDocument()}>
          Copy document
        </Button>
      </div>
      <WorkspaceSection editor={editor} tenantId={file.tenantId} fileId={fileId} name={file.displayName} words={stats.words} />
      {/* Repurposing comes before downloads: it is what the panel is mostly opened for. */}
      <section aria-labelledby="download-heading" className="space-y-2">
        <h2 id="download-heading" className="text-xs font-semibold tracking-wide text-muted uppercase">
          Download
        </h2>
        <p className="text-xs text-muted">The last saved version, in the format you choose.</p>
        <DownloadOptions value={extras} onChange={setExtras} withComments={hasComments} />
        <div className="flex flex-col gap-2">
          {DOWNLOAD_FORMATS.map(({ format, label }) => (
            <Button key={format} variant="ghost" onClick={() => void download(file, format, extras)}>
              {label}
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
