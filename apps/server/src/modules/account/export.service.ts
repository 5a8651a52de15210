/**
 * 'Export all my data' (docs/ACCOUNT.md "Export all my data"): one gzipped tar archive of the
 * account, streamed entry by entry as it is read (a page of documents at a time), never built
 * in memory. One export per account at a time, and a few an hour, counted in the database so
 * every Bree process sees them. Other modules' rows come through the readers services.ts hands in.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack, type Pack } from 'tar-stream';
import { ACCOUNT_EXPORT, accountExportFileName, displayName } from '@bree/contracts';
import { exportErrors } from './export.errors';
import {
  createFolderNamer,
  jsonBytes,
  manifest,
  MANIFEST_ENTRY,
  presentChat,
  presentDocumentMeta,
  presentVersion,
  readme,
  README_ENTRY,
  versionEntryName,
  type ExportChatRow,
  type ExportDocumentRow,
  type ExportVersionRow,
} from './export.layout';

/** Documents (and a document's versions) read per query: bounded memory whatever the account's size. */
const PAGE = 50;
/** How long the "export running" mark holds if a process dies mid-export without clearing it. */
const RUNNING_LEASE_MS = 30 * 60_000;

interface FeedbackAttachment {
  id: string;
  kind: string;
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
  createdAt: Date;
}

interface ExportImageRow {
  id: string;
  fileId: string;
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: Date;
}

/** Where the export reads each module's rows (each reader filters by `tenantId`). */
export interface AccountExportSources {
  documents: {
    count(q: { tenantId: string }): Promise<{ live: number; trashed: number }>;
    page(q: { tenantId: string; afterId: string | null; limit: number }): Promise<ExportDocumentRow[]>;
  };
  versions: { page(q: { tenantId: string; fileId: string; afterId: string | null; limit: number }): Promise<ExportVersionRow[]> };
  chat: { messages(q: { tenantId: string; fileId: string }): Promise<ExportChatRow[]> };
  voice: { profile(q: { tenantId: string }): Promise<Record<string, unknown> | null> };
  feedback: {
    sent(q: {
      tenantId: string;
    }): Promise<
      { id: string; message: string; status: string; pageContext: string; browserInfo: unknown; createdAt: Date; attachments: FeedbackAttachment[] }[]
    >;
    attachmentBytes(q: { attachment: FeedbackAttachment }): Promise<Buffer | null>;
  };
  /** The tenant's stored images (docs/IMAGES.md), oldest first, and each one's bytes. */
  images: {
    list(q: { tenantId: string }): Promise<ExportImageRow[]>;
    bytes(q: { image: ExportImageRow }): Promise<Buffer | null>;
  };
  usage: {
    months(q: { tenantId: string }): Promise<Record<string, unknown>[]>;
    calls(q: { tenantId: string; afterId: number | null; limit: number }): Promise<({ id: number } & Record<string, unknown>)[]>;
  };
}

/** The rate-limit counters (modules/rate-limits), as the export uses them. */
export interface ExportCounters {
  hit(q: { key: string; windowMs: number; at: Date }): Promise<{ hits: number; resetAt: Date }>;
  clear(key: string): Promise<void>;
}

interface Entry {
  name: string;
  data: Buffer;
}

/**
 * Adds one entry, resolving once the archive has taken its bytes (tar-stream waits for the
 * reader), and rejecting if the archive is closed meanwhile (its reader went away).
 */
function addEntry({ archive, entry, mtime }: { archive: Pack; entry: Entry; mtime: Date }): Promise<void> {
  return new Promise((resolve, reject) => {
    const closed = () => reject(new Error('the archive was closed before it was complete'));
    archive.once('close', closed);
    archive.entry({ name: entry.name, mode: 0o644, mtime }, entry.data, (error) => {
      archive.off('close', closed);
      if (error) reject(error);
      else resolve();
    });
  });
}

/** Builds the export of one account, given its readers, the shared counters, the clock and the Markdown renderer. */
export function createAccountExport({
  sources,
  counters,
  now = () => new Date(),
  toMarkdown,
}: {
  sources: AccountExportSources;
  counters: ExportCounters;
  now?: () => Date;
  /** A stored document tree as Markdown (the files module's export, large ones off the event loop). */
  toMarkdown: (q: { content: unknown; title: string; tenantId: string }) => Promise<string>;
}) {
  /** Every entry of the archive, in order, read as the archive asks for them. */
  async function* entries(q: {
    tenantId: string;
    email: string | null;
    name: string | null;
    at: Date;
    counts: { live: number; trashed: number };
  }): AsyncGenerator<Entry> {
    const { tenantId, email, name, at, counts } = q;
    yield { name: README_ENTRY, data: readme({ createdAt: at, email }) };
    yield {
      name: MANIFEST_ENTRY,
      data: jsonBytes(
        manifest({ createdAt: at.toISOString(), account: { id: tenantId, email, name }, counts: { documents: counts.live, trashed: counts.trashed } }),
      ),
    };
    const folderOf = createFolderNamer();
    const samples: { id: string; name: string; folder: string }[] = [];
    for (let afterId: string | null = null; ;) {
      const page = await sources.documents.page({ tenantId, afterId, limit: PAGE });
      for (const doc of page) {
        const folder = folderOf(doc);
        if (doc.isVoiceSample) samples.push({ id: doc.id, name: doc.name, folder });
        yield { name: `${folder}/meta.json`, data: jsonBytes(presentDocumentMeta(doc)) };
        yield { name: `${folder}/document.json`, data: jsonBytes(doc.content) };
        yield { name: `${folder}/document.md`, data: Buffer.from(await toMarkdown({ content: doc.content, title: displayName(doc.name), tenantId }), 'utf8') };
        for (let afterVersion: string | null = null; ;) {
          const versions = await sources.versions.page({ tenantId, fileId: doc.id, afterId: afterVersion, limit: PAGE });
          for (const version of versions) yield { name: versionEntryName({ folder, version }), data: jsonBytes(presentVersion(version)) };
          if (versions.length < PAGE) break;
          afterVersion = versions.at(-1)!.id;
        }
        const chat = await sources.chat.messages({ tenantId, fileId: doc.id });
        if (chat.length > 0) yield { name: `${folder}/chat.json`, data: jsonBytes(presentChat(chat)) };
      }
      if (page.length < PAGE) break;
      afterId = page.at(-1)!.id;
    }
    yield* voiceEntries({ tenantId, samples });
    yield* imageEntries({ tenantId });
    yield* feedbackEntries({ tenantId });
    yield* usageEntries({ tenantId });
  }

  /** Every stored image as its file (`images/<id>.<ext>`, which the documents' Markdown links to) and their list. */
  async function* imageEntries({ tenantId }: { tenantId: string }): AsyncGenerator<Entry> {
    const listed = [];
    for (const image of await sources.images.list({ tenantId })) {
      const bytes = await sources.images.bytes({ image });
      const entry = bytes ? `images/${image.id}.${image.contentType === 'image/jpeg' ? 'jpg' : 'png'}` : null;
      if (bytes && entry) yield { name: entry, data: bytes };
      const { storageKey: _key, ...kept } = image;
      listed.push({ ...kept, createdAt: image.createdAt.toISOString(), entry });
    }
    yield { name: 'images/images.json', data: jsonBytes(listed) };
  }

  async function* voiceEntries({ tenantId, samples }: { tenantId: string; samples: { id: string; name: string; folder: string }[] }): AsyncGenerator<Entry> {
    const profile = await sources.voice.profile({ tenantId });
    const { tenantId: _tenant, ...stored } = profile ?? {};
    yield { name: 'voice/profile.json', data: jsonBytes(profile ? stored : null) };
    yield { name: 'voice/samples.json', data: jsonBytes(samples) };
  }

  async function* feedbackEntries({ tenantId }: { tenantId: string }): AsyncGenerator<Entry> {
    const items = await sources.feedback.sent({ tenantId });
    const listed = [];
    for (const item of items) {
      const attachments = [];
      for (const attachment of item.attachments) {
        const bytes = await sources.feedback.attachmentBytes({ attachment });
        // The attachment's own name, made safe for every file system, after its id (two may share a name).
        const entry = bytes ? `feedback/${item.id}/${attachment.id}-${presentFileName(attachment.filename)}` : null;
        if (entry && bytes) yield { name: entry, data: bytes };
        attachments.push({
          id: attachment.id,
          kind: attachment.kind,
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.size,
          entry,
        });
      }
      listed.push({
        id: item.id,
        message: item.message,
        status: item.status,
        pageContext: item.pageContext,
        browserInfo: item.browserInfo,
        createdAt: item.createdAt.toISOString(),
        attachments,
      });
    }
    yield { name: 'feedback/feedback.json', data: jsonBytes(listed) };
  }

  async function* usageEntries({ tenantId }: { tenantId: string }): AsyncGenerator<Entry> {
    const months = await sources.usage.months({ tenantId });
    yield { name: 'usage/months.json', data: jsonBytes(months.map(({ tenantId: _t, reserved: _r, paygReportedCalls: _p, ...month }) => month)) };
    let file = 0;
    for (let afterId: number | null = null; ;) {
      const calls = await sources.usage.calls({ tenantId, afterId, limit: ACCOUNT_EXPORT.usageCallsPerFile });
      if (calls.length === 0) break;
      file += 1;
      yield { name: `usage/calls-${String(file).padStart(4, '0')}.json`, data: jsonBytes(calls.map(({ tenantId: _t, ...call }) => call)) };
      if (calls.length < ACCOUNT_EXPORT.usageCallsPerFile) break;
      afterId = calls.at(-1)!.id;
    }
  }

  return {
    /**
     * Starts an export of the tenant's data: refuses a second one while one runs (409
     * `export_in_progress`) and more than ACCOUNT_EXPORT.rateMax an hour (429 `rate_limited`),
     * then answers the archive's name, its document count and the gzipped stream. The "running"
     * mark is cleared when the stream ends, fails or its reader goes away.
     */
    async start({ tenantId, email, name }: { tenantId: string; email: string | null; name: string | null }) {
      const at = now();
      const runningKey = `account-export:running:${tenantId}`;
      if ((await counters.hit({ key: runningKey, windowMs: RUNNING_LEASE_MS, at })).hits > 1) throw exportErrors.inProgress();
      const rate = await counters.hit({ key: `account-export:${tenantId}`, windowMs: ACCOUNT_EXPORT.rateWindowMs, at });
      if (rate.hits > ACCOUNT_EXPORT.rateMax) {
        await counters.clear(runningKey);
        throw exportErrors.tooMany(Math.max(1, Math.ceil((rate.resetAt.getTime() - at.getTime()) / 1000)));
      }
      let counts: { live: number; trashed: number };
      try {
        counts = await sources.documents.count({ tenantId });
      } catch (error) {
        await counters.clear(runningKey);
        throw error;
      }
      const archive = pack();
      const gzip = createGzip();
      const done = (async () => {
        try {
          for await (const entry of entries({ tenantId, email, name, at, counts })) await addEntry({ archive, entry, mtime: at });
          archive.finalize();
        } catch (error) {
          // A failed read, or a reader that went away (the archive is destroyed): the archive ends broken, never silently short.
          archive.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
      const stream = archive as unknown as Readable;
      pipeline(stream, gzip)
        .catch(() => undefined)
        .finally(() => void done.finally(() => counters.clear(runningKey).catch(() => undefined)));
      return { filename: accountExportFileName(at), documents: counts.live + counts.trashed, stream: gzip as Readable };
    },
  };
}
export type AccountExport = ReturnType<typeof createAccountExport>;

/** An attachment's name as an archive entry: no folders, no characters a file system refuses. */
function presentFileName(filename: string): string {
  // Control characters (below U+0020) too: no file system wants them in a name.
  const portable = [...filename].map((c) => (c < ' ' || '/\\:*?"<>|'.includes(c) ? '_' : c)).join('');
  return portable.slice(0, 100) || 'file';
}
