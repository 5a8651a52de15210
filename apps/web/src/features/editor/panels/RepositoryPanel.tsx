import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useServices } from '../../../app/services';
import { useState } from 'react';
import { Button, Spinner } from '../../../ui';
import { useFileTransfers } from '../../files';
import type { PanelFile } from './SidePanel';
import { listRepositoryFiles } from '../api';

/** Moves the open document into the repository (which teaches Bree the writer's voice) or out of it. */
function RepositoryToggle({ file }: { file: PanelFile }) {
  const { moveToRepository } = useFileTransfers();
  const [inRepository, setInRepository] = useState(file.isRepository);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    if (await moveToRepository(file, !inRepository)) setInRepository(!inRepository);
    setBusy(false);
  };
  return (
    <div className="mb-3 rounded-md border border-line bg-paper p-3">
      <p className="text-sm text-ink">
        {inRepository
          ? 'This document is in your repository: Bree learns your voice from it.'
          : 'Add this document to your repository to teach Bree your voice.'}
      </p>
      <Button variant="secondary" className="mt-2" disabled={busy} onClick={() => void toggle()}>
        {inRepository ? 'Remove from repository' : 'Add to repository'}
      </Button>
    </div>
  );
}

/** The open document's repository switch, then the tenant's repository (sample) documents with open links. */
export function RepositoryPanel({ file }: { file: PanelFile }) {
  return (
    <>
      <RepositoryToggle file={file} />
      <RepositoryList />
    </>
  );
}

function RepositoryList() {
  const { api } = useServices();
  const files = useQuery({ queryKey: ['editor', 'repository'], queryFn: () => listRepositoryFiles(api) });
  if (files.isPending) return <Spinner label="Loading repository" />;
  if (files.isError) return <p className="text-sm text-danger">Could not load the repository.</p>;
  if (files.data.length === 0) {
    return <p className="text-sm text-muted">No repository documents yet. Move documents to the repository to teach Bree your voice.</p>;
  }
  return (
    <ul aria-label="Repository documents" className="space-y-1">
      {files.data.map((f) => (
        <li key={f.id} className="flex items-center justify-between gap-2 rounded-md border border-line p-2">
          <span className="truncate text-sm text-ink">{f.displayName}</span>
          <Link to={`/app/${f.id}`} className="shrink-0 text-sm text-accent underline">
            Open
          </Link>
        </li>
      ))}
    </ul>
  );
}
