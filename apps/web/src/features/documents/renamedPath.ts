import { normalizeFileName } from '@bree/contracts';
import type { FileSummary } from '@bree/contracts';

/**
 * The new path of a rename: same folder, trimmed name ending in .txt; null when nothing changes.
 * Apart from the list's changes, so the editor can tell without loading them.
 */
export function renamedPath(file: FileSummary, input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed === file.displayName) return null;
  const name = normalizeFileName(trimmed);
  if (name === file.name) return null;
  const slash = file.filePath.lastIndexOf('/');
  return slash >= 0 ? `${file.filePath.slice(0, slash + 1)}${name}` : name;
}
