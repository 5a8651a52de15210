import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../../../app/services';
import { Spinner } from '../../../ui';
import { listRepositoryFiles } from '../api';

/** The tenant's repository (sample) documents, each with an open link. */
export function RepositoryPanel() {
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
