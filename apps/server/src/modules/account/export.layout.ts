/**
 * What 'Export all my data' writes, entry by entry (docs/ACCOUNT.md "Export all my data"): the
 * archive's names, the README and the presenters that whitelist each stored row's fields. Pure:
 * export.service.ts reads the rows and streams the entries.
 */
import { ACCOUNT_EXPORT, archiveEntryName, fitName, type AccountExportManifest, type ExportedDocumentMeta, type ExportedVersion } from '@bree/contracts';

/** A document as the files module hands it to the export (structural: modules/account imports no table). */
export interface ExportDocumentRow {
  id: string;
  name: string;
  path: string;
  isRepository: boolean;
  isVoiceSample: boolean;
  content: unknown;
  revision: number;
  wordCount: number;
  metadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  contentUpdatedAt: Date;
  deletedAt: Date | null;
}

export interface ExportVersionRow {
  id: string;
  revision: number;
  reason: string;
  source: string | null;
  name: string | null;
  content: unknown;
  wordCount: number;
  createdAt: Date;
}

export interface ExportChatRow {
  id: string;
  role: string;
  content: string;
  state: string;
  createdAt: Date;
}

/** Longest document folder name: short paths open everywhere (Windows' 260-character paths). */
const FOLDER_MAX_CHARS = 80;

export const README_ENTRY = 'README.md';
export const MANIFEST_ENTRY = 'bree-export.json';

/**
 * Names each document's folder after the document, unique within the archive: "Name", then
 * "Name 2"… compared case-insensitively (as Windows and macOS compare), so none overwrites another.
 */
export function createFolderNamer(): (doc: { name: string; deletedAt: Date | null }) => string {
  const taken = new Set<string>();
  return ({ name, deletedAt }) => {
    const top = deletedAt ? 'trash' : 'documents';
    const stem = (suffix: string) => `${fitName(archiveEntryName({ name, extension: '' }), FOLDER_MAX_CHARS)}${suffix}` || 'Untitled';
    let folder = stem('');
    for (let n = 2; taken.has(`${top}/${folder}`.toLowerCase()); n++) folder = stem(` ${n}`);
    taken.add(`${top}/${folder}`.toLowerCase());
    return `${top}/${folder}`;
  };
}

/** A document's `meta.json`. */
export function presentDocumentMeta(row: ExportDocumentRow): ExportedDocumentMeta {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    isRepository: row.isRepository,
    inTrash: row.deletedAt !== null,
    isVoiceSample: row.isVoiceSample,
    revision: row.revision,
    wordCount: row.wordCount,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    contentUpdatedAt: row.contentUpdatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** A version's file: its metadata and its stored tree. */
export function presentVersion(row: ExportVersionRow): ExportedVersion {
  return {
    id: row.id,
    revision: row.revision,
    reason: row.reason,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    wordCount: row.wordCount,
    name: row.name,
    content: row.content,
  };
}

/** `versions/<revision>-<id>.json`: sorts by revision within a document's folder. */
export function versionEntryName({ folder, version }: { folder: string; version: ExportVersionRow }): string {
  return `${folder}/versions/${String(version.revision).padStart(6, '0')}-${version.id}.json`;
}

/** A document's `chat.json`: its conversation, oldest first. */
export function presentChat(rows: ExportChatRow[]) {
  return rows.map((row) => ({ id: row.id, role: row.role, content: row.content, state: row.state, createdAt: row.createdAt.toISOString() }));
}

/** An entry's bytes: JSON indented for a person reading it. */
export function jsonBytes(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
}

/** `bree-export.json`. */
export function manifest(args: Omit<AccountExportManifest, 'format' | 'version'>): AccountExportManifest {
  return { format: ACCOUNT_EXPORT.format, version: ACCOUNT_EXPORT.version, ...args };
}

/** The archive's README: its layout, in the writer's words. */
export function readme({ createdAt, email }: { createdAt: Date; email: string | null }): Buffer {
  return Buffer.from(
    `# Your Bree data

Exported ${createdAt.toISOString()}${email ? ` for ${email}` : ''}.

Everything Bree keeps for your account is in this archive. Text files are UTF-8; \`.json\`
files are what Bree stores, unchanged, so another Bree can read them back.

| Where | What |
|---|---|
| \`bree-export.json\` | What this archive is: its format and version, your account, how many documents it holds. |
| \`documents/<name>/\` | One folder per document, named after it ("Name 2" when two share a name). |
| \`documents/<name>/meta.json\` | Its name, path, tag (\`metadata.authenticity\`), all its metadata, revision, dates, whether it teaches your voice. |
| \`documents/<name>/document.md\` | The text as Markdown. |
| \`documents/<name>/document.json\` | The text as Bree stores it (the editor's document tree, with the AI authorship marks). |
| \`documents/<name>/versions/\` | Every saved version, oldest first: \`<revision>-<id>.json\`, each with its reason, date and tree. |
| \`documents/<name>/chat.json\` | Your chat about the document, when you had one. |
| \`trash/<name>/\` | Documents in your Trash, laid out the same way. |
| \`voice/profile.json\` | Your voice: the style guide, your notes, the measures Bree learned and your Checks settings. |
| \`voice/samples.json\` | The documents your voice is learned from (their folders above). |
| \`images/\` | Every image of your documents, \`<id>.jpg\` or \`<id>.png\` (the documents' Markdown shows them), listed in \`images/images.json\` with the document each was added to. |
| \`feedback/feedback.json\` | The feedback you sent, with its attachments in \`feedback/<id>/\`. |
| \`usage/months.json\` | Your AI usage per month. |
| \`usage/calls-0001.json\`… | Every metered AI call (date, document, tier, tokens, cost), ${ACCOUNT_EXPORT.usageCallsPerFile} a file. |

## Bringing it into another Bree

An administrator of the other Bree runs, where it runs:

    npm run import-account -- --file bree-export-….tar.gz --email you@example.com

Your documents come back with their text, versions, tags and metadata (with the Checks findings
you ignored), and your voice profile with its style guide, notes and Checks settings. Chat,
feedback, usage and images are your records: they are not imported (an imported document's
images stay missing from it).
`,
    'utf8',
  );
}
