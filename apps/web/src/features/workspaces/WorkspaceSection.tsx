import type { Editor } from '@tiptap/core';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { Button, Spinner } from '../../ui';
import { ActionGrid } from './ActionGrid';
import { downloadWorkspace, WORKSPACE_EXPORT_FORMATS } from './exportWorkspace';
import { useConvertWorkspace } from './useConvertWorkspace';
import { useVariantActions } from './useVariantActions';
import { useWorkspaceFiles, useWorkspaceMetadata } from './useWorkspace';
import type { WorkspaceFile } from '@bree/contracts';
import { workspaceRootOf } from './rules';
import { VariantPicker } from './VariantPicker';

interface Props {
  editor: Editor;
  tenantId: string;
  fileId: string;
  name: string;
  words: number;
}

const heading = 'text-xs font-semibold tracking-wide text-muted uppercase';

/** Convert: Standard offered, Book shown and disabled (docs/PRODUCT.md#workspaces). */
function ConvertChoices({ converting, onConvert }: { converting: boolean; onConvert(): void }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted">Convert to workspace: make variants of this document and keep them together.</p>
      <Button variant="secondary" loading={converting} onClick={onConvert}>
        Standard Workspace
      </Button>
      <Button variant="secondary" disabled>
        Book Workspace
      </Button>
    </div>
  );
}

/** The workspace part of the Document panel: convert, the variant picker, the action grid, the zip. */
export function WorkspaceSection({ editor, tenantId, fileId, name, words }: Props) {
  const { tokens } = useServices();
  // The editor follows the workspace (useWorkspace); this reads the same queries.
  const { data: metadata } = useWorkspaceMetadata(fileId);
  const rootId = workspaceRootOf(metadata);
  const filesQuery = useWorkspaceFiles(rootId);
  const files = filesQuery.data?.items;
  const filesLoading = filesQuery.isPending && rootId !== null;
  const { convert, converting } = useConvertWorkspace(tenantId);
  if (!metadata) return <Spinner size="sm" label="Loading workspace" />;
  const masterName = files?.find((f) => f.isMaster)?.displayName ?? name;

  const download = async (format: 'md' | 'docx') => {
    if (!rootId) return;
    try {
      await downloadWorkspace({ getAccessToken: () => tokens.getAccessToken(), tenantId, fileId: rootId, name: masterName, format });
    } catch {
      notify.error(`Failed to download ${masterName} workspace`);
    }
  };

  return (
    <section aria-labelledby="workspace-heading" className="space-y-3">
      <h2 id="workspace-heading" className={heading}>
        Workspace
      </h2>
      {rootId ? (
        <WorkspaceBody
          editor={editor}
          tenantId={tenantId}
          fileId={fileId}
          rootId={rootId}
          words={words}
          files={files}
          filesLoading={filesLoading}
          onDownload={download}
        />
      ) : (
        <ConvertChoices converting={converting === fileId} onConvert={() => void convert(fileId)} />
      )}
    </section>
  );
}

function WorkspaceBody({
  editor,
  tenantId,
  fileId,
  rootId,
  words,
  files,
  filesLoading,
  onDownload,
}: Omit<Props, 'name'> & { rootId: string; files: WorkspaceFile[] | undefined; filesLoading: boolean; onDownload(format: 'md' | 'docx'): Promise<void> }) {
  const actions = useVariantActions({ tenantId, fileId, rootId, editor });
  return (
    <>
      <VariantPicker items={files} loading={filesLoading} openId={fileId} onRename={actions.rename} onDelete={(item) => void actions.remove(item)} />
      <ActionGrid words={words} busy={actions.busy} onRun={(type, instructions) => void actions.create(type, instructions)} />
      <div className="flex flex-col gap-2">
        {WORKSPACE_EXPORT_FORMATS.map(({ format, label }) => (
          <Button key={format} variant="ghost" onClick={() => void onDownload(format)}>
            {label}
          </Button>
        ))}
      </div>
    </>
  );
}
