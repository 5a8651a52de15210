import type { FileSummary } from '@bree/contracts';

// Test helper only: never imported by the app.

/** A minimal file summary for the list tests. */
export function file(id: string, name = `${id}.txt`): FileSummary {
  const at = '2025-06-18T10:00:00.000Z';
  return {
    id,
    fileId: id,
    name,
    displayName: name.replace(/\.txt$/, ''),
    filePath: name,
    isFolder: false,
    isRepository: false,
    metadata: { authenticity: 'Untagged' },
    revision: 1,
    wordCount: 0,
    createdAt: at,
    lastModified: at,
    lastUpdated: at,
    syncStatus: { status: 'synced', revision: 1 },
  };
}
