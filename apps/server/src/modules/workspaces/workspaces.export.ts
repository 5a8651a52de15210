import { archiveEntryName, displayName } from '@bree/contracts';
import type { HeavyWork } from '../../lib/workers/heavy-work';
import { imageFileName, imageIdsInJson, type ExportImageSource } from '../files/files.port';
import type { WorkspaceFileRow } from './workspaces.repository';

/**
 * An entry name unique within the zip: "Name.md", then "Name 2.md"… compared after
 * archiveEntryName's replacements and case-insensitively (as Windows and macOS compare), so two
 * names that differ only by a replaced character or by case never overwrite each other.
 */
function uniqueEntryName({ name, extension, taken }: { name: string; extension: string; taken: Set<string> }): string {
  let entry = archiveEntryName({ name, extension });
  for (let n = 2; taken.has(entry.toLowerCase()); n++) entry = archiveEntryName({ name, extension, suffix: ` ${n}` });
  taken.add(entry.toLowerCase());
  return entry;
}

/**
 * The workspace as one .zip: the master and every variant, each rendered by the files module's
 * export (.md or .docx, large ones on a worker thread), named after its document. The master comes first.
 */
export async function exportWorkspaceZip({
  master,
  docs,
  format,
  heavyWork,
  tenantId,
  exportImages,
}: {
  master: WorkspaceFileRow;
  docs: WorkspaceFileRow[];
  format: 'md' | 'docx';
  heavyWork: HeavyWork;
  tenantId: string;
  /** The images' bytes (docs/IMAGES.md): .docx embeds them, .md links to `images/<id>.<ext>` in the zip. */
  exportImages?: ExportImageSource;
}) {
  const taken = new Set<string>();
  const entries: Record<string, Uint8Array> = {};
  for (const file of docs) {
    const title = displayName(file.name);
    const json = JSON.stringify(file.content);
    const ids = exportImages ? imageIdsInJson(json) : [];
    const byId = ids.length > 0 && exportImages ? await exportImages({ tenantId, ids }) : {};
    // A master and its variants mostly show the same images: each is written once.
    for (const [id, image] of Object.entries(byId)) {
      if (format === 'md') entries[`images/${imageFileName(id, image.contentType)}`] ??= new Uint8Array(Buffer.from(image.base64, 'base64'));
    }
    const rendered = await heavyWork.exportDocument(json, { title, format, images: { byId, folder: 'images' } });
    const body = typeof rendered.body === 'string' ? Buffer.from(rendered.body, 'utf8') : rendered.body;
    entries[uniqueEntryName({ name: file.name, extension: rendered.extension, taken })] = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  }
  // Loaded with the first workspace zip, not at start.
  const { zipSync } = await import('fflate');
  return { filename: `${displayName(master.name)} workspace.zip`, contentType: 'application/zip', body: Buffer.from(zipSync(entries)) };
}
