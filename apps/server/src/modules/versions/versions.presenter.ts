import { VERSION_REASONS, type Version, type VersionReason } from '@bree/contracts';

interface VersionListRow {
  id: string;
  fileId: string;
  revision: number;
  reason: string;
  source?: string | null;
  wordCount: number;
  createdAt: Date;
  preview?: string;
  contentText?: string;
  textChars?: number | null;
  aiChars?: number | null;
  name?: string | null;
}

function asReason(reason: string): VersionReason {
  return (VERSION_REASONS as readonly string[]).includes(reason) ? (reason as VersionReason) : 'manual';
}

/** A version as the history panel shows it: time, its name, word count, what made it, a preview and its authorship figures. */
export function presentVersion(row: VersionListRow): Version {
  return {
    id: row.id,
    versionId: row.id,
    fileId: row.fileId,
    revision: row.revision,
    reason: asReason(row.reason),
    source: row.source ?? null,
    wordCount: row.wordCount,
    createdAt: row.createdAt.toISOString(),
    preview: (row.preview ?? row.contentText ?? '').slice(0, 160),
    name: row.name ?? null,
    // Versions stored before the figures were measured have none: the history says nothing rather than guess.
    authorship: row.textChars != null && row.aiChars != null ? { textChars: row.textChars, aiChars: row.aiChars } : null,
  };
}
