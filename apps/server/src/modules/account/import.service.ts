/**
 * Bringing an archive of 'Export all my data' into an account of another Bree (docs/ACCOUNT.md
 * "Export all my data"), run by `npm run import-account`: every document comes back with its
 * stored tree, tag, metadata and versions (the Trash into the Trash), and the voice profile's
 * style guide, notes and Checks settings. Chat, feedback and usage are the writer's records and stay in the archive.
 * Every text is checked as a save checks it; every id is new, links between documents follow.
 */
import {
  ACCOUNT_EXPORT,
  accountExportManifestSchema,
  exportedDocumentMetaSchema,
  exportedVersionSchema,
  fileMetadataSchema,
  type FileMetadata,
} from '@bree/contracts';
import { MANIFEST_ENTRY } from './export.layout';

/** No entry of an export is larger than a document can be; a bigger one is not Bree's. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
/** Metadata that names a moment of the old Bree (a dictation running there), not the document. */
const TRANSIENT_METADATA = ['fileId', 'isTranscribing', 'transcribingSince'] as const;

/** A refusal of the archive, said to the administrator as it is. */
export class ImportRefused extends Error {}

/** An archive entry as it is read (cli/tar.ts readTar). */
export interface ImportEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** A checked document tree and its measures (the files module's prepareContent). */
export interface PreparedText {
  doc: unknown;
  text: string;
  wordCount: number;
  editorVersion: number;
  authorship: { textChars: number | null; aiChars: number | null };
}

/** Where the import writes (structural: modules/account imports no other module's table). */
export interface AccountImportTargets {
  documents: {
    create(q: { tenantId: string; filePath: string; content: unknown; isRepository: boolean; metadata: FileMetadata }): Promise<{ id: string }>;
    patchMetadata(q: { tenantId: string; fileId: string; patch: FileMetadata }): Promise<void>;
    trash(q: { tenantId: string; fileIds: string[] }): Promise<void>;
  };
  versions: {
    insert(row: {
      id: string;
      tenantId: string;
      fileId: string;
      revision: number;
      reason: string;
      source: string | null;
      name: string | null;
      content: unknown;
      contentText: string;
      wordCount: number;
      editorVersion: number;
      textChars: number | null;
      aiChars: number | null;
      createdAt: Date;
    }): Promise<void>;
  };
  voice: { importProfile(q: { tenantId: string; styleGuide: string; userNotes: string; checkSettings?: unknown }): Promise<void> };
  /** Checks a stored tree as a save does; throws on one Bree would refuse. */
  prepare(content: unknown): PreparedText;
}

/** What was imported. */
export interface ImportSummary {
  documents: number;
  trashed: number;
  versions: number;
  voiceProfile: boolean;
}

async function readEntry(entry: ImportEntry): Promise<Buffer> {
  if (entry.size > MAX_ENTRY_BYTES) throw new ImportRefused(`${entry.name} is larger than any entry of a Bree export`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function readJson(entry: ImportEntry): Promise<unknown> {
  try {
    return JSON.parse((await readEntry(entry)).toString('utf8'));
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(`${entry.name} is not JSON`);
  }
}

/** The entry's tree checked as a save checks it; a refusal names the entry. */
function prepared({ targets, entry, content }: { targets: AccountImportTargets; entry: ImportEntry; content: unknown }): PreparedText {
  try {
    return targets.prepare(content);
  } catch (error) {
    throw new ImportRefused(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The folder of a document entry (`documents/<name>` or `trash/<name>`) and the file inside it. */
function documentEntry(name: string): { folder: string; file: string } | null {
  const match = /^((?:documents|trash)\/[^/]+)\/(.+)$/.exec(name);
  return match ? { folder: match[1]!, file: match[2]! } : null;
}

/** Builds the import, given where it writes and the id maker. */
export function createAccountImport({ targets, newId }: { targets: AccountImportTargets; newId: () => string }) {
  return {
    /** Imports the archive's entries, read in order, into the tenant's account; answers what it imported. */
    async importArchive({ tenantId, entries }: { tenantId: string; entries: AsyncIterable<ImportEntry> }): Promise<ImportSummary> {
      const summary: ImportSummary = { documents: 0, trashed: 0, versions: 0, voiceProfile: false };
      let expected: { documents: number; trashed: number } | null = null;
      // The document whose meta.json was read last, and its new id once document.json created it.
      let current: { folder: string; meta: ReturnType<typeof exportedDocumentMetaSchema.parse>; id: string | null } | null = null;
      const newIds = new Map<string, string>();
      const linked: { id: string; metadata: FileMetadata }[] = [];
      const trashed: string[] = [];

      for await (const entry of entries) {
        if (entry.name === 'README.md') continue;
        if (entry.name === MANIFEST_ENTRY) {
          const manifest = accountExportManifestSchema.safeParse(await readJson(entry));
          if (!manifest.success)
            throw new ImportRefused(`it is not an archive of 'Export all my data' (format ${ACCOUNT_EXPORT.format} ${ACCOUNT_EXPORT.version})`);
          expected = manifest.data.counts;
          continue;
        }
        if (!expected) throw new ImportRefused(`it is not an archive of 'Export all my data': ${MANIFEST_ENTRY} does not come first`);
        const inDocument = documentEntry(entry.name);
        if (inDocument?.file === 'meta.json') {
          const meta = exportedDocumentMetaSchema.safeParse(await readJson(entry));
          if (!meta.success) throw new ImportRefused(`${entry.name} does not describe a document`);
          current = { folder: inDocument.folder, meta: meta.data, id: null };
        } else if (inDocument?.file === 'document.json') {
          if (current?.folder !== inDocument.folder || current.id) throw new ImportRefused(`${entry.name} comes without its meta.json`);
          const { meta } = current;
          const content = prepared({ targets, entry, content: await readJson(entry) }).doc;
          const metadata = importedMetadata({ name: entry.name, metadata: meta.metadata });
          const { masterFileId: _master, workspaceId: _workspace, ...own } = metadata;
          current.id = (await targets.documents.create({ tenantId, filePath: meta.path, content, isRepository: meta.isRepository, metadata: own })).id;
          newIds.set(meta.id, current.id);
          if (metadata.masterFileId || metadata.workspaceId) linked.push({ id: current.id, metadata });
          if (meta.inTrash) trashed.push(current.id);
          summary.documents += 1;
        } else if (inDocument?.file.startsWith('versions/')) {
          if (current?.folder !== inDocument.folder || !current.id) throw new ImportRefused(`${entry.name} comes before its document`);
          const version = exportedVersionSchema.safeParse(await readJson(entry));
          if (!version.success) throw new ImportRefused(`${entry.name} does not describe a version`);
          const text = prepared({ targets, entry, content: version.data.content });
          await targets.versions.insert({
            id: newId(),
            tenantId,
            fileId: current.id,
            revision: version.data.revision,
            reason: version.data.reason,
            source: version.data.source,
            name: version.data.name ?? null,
            content: text.doc,
            contentText: text.text,
            wordCount: text.wordCount,
            editorVersion: text.editorVersion,
            textChars: text.authorship.textChars,
            aiChars: text.authorship.aiChars,
            createdAt: new Date(version.data.createdAt),
          });
          summary.versions += 1;
        } else if (entry.name === 'voice/profile.json') {
          const profile = (await readJson(entry)) as { styleGuide?: unknown; userNotes?: unknown; checkSettings?: unknown } | null;
          if (profile && typeof profile.styleGuide === 'string' && typeof profile.userNotes === 'string') {
            const { styleGuide, userNotes, checkSettings } = profile;
            await targets.voice.importProfile({ tenantId, styleGuide, userNotes, checkSettings });
            summary.voiceProfile = true;
          }
        }
        // Everything else (document.md, chat, feedback, usage) is the writer's record, read by people.
      }
      if (!expected) throw new ImportRefused(`it is not an archive of 'Export all my data': it has no ${MANIFEST_ENTRY}`);
      if (summary.documents !== expected.documents + expected.trashed) {
        throw new ImportRefused(`it holds ${summary.documents} documents where its ${MANIFEST_ENTRY} counts ${expected.documents + expected.trashed}`);
      }
      // Workspaces: a variant names its master by id, which is new here.
      for (const { id, metadata } of linked) {
        const patch: FileMetadata = {};
        if (metadata.masterFileId) patch.masterFileId = newIds.get(metadata.masterFileId) ?? null;
        if (metadata.workspaceId) patch.workspaceId = newIds.get(metadata.workspaceId) ?? null;
        await targets.documents.patchMetadata({ tenantId, fileId: id, patch });
      }
      if (trashed.length > 0) await targets.documents.trash({ tenantId, fileIds: trashed });
      summary.trashed = trashed.length;
      return summary;
    },
  };
}

/** A document's stored metadata as Bree accepts it, without what only meant something in the old Bree. */
function importedMetadata({ name, metadata }: { name: string; metadata: Record<string, unknown> }): FileMetadata {
  const kept = Object.fromEntries(Object.entries(metadata).filter(([key]) => !(TRANSIENT_METADATA as readonly string[]).includes(key)));
  const parsed = fileMetadataSchema.safeParse(kept);
  if (!parsed.success) throw new ImportRefused(`${name}: its metadata is not Bree's (${parsed.error.issues[0]?.path.join('.') ?? 'unknown field'})`);
  return parsed.data;
}
