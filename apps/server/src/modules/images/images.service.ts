import { createHash, randomBytes } from 'node:crypto';
import { imageSrc, type StoredImage } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import type { BlobStorage } from '../../lib/storage/storage';
import type { FilesPort } from '../files/files.port';
import { imageIdsIn } from './images.content';
import { isAppError } from '../../lib/errors';
import { imagesErrors } from './images.errors';
import { processImage } from './images.process';
import type { ImagesRepository } from './images.repository';
import type { ImageRow } from './images.table';

/** How many orphaned images one sweep removes, so a large purge never holds one long statement. */
const SWEEP_BATCH = 200;

/** The bytes of a stored image and what to send them as. */
/** The grant resolver (grants.service.ts `resolve`), as an image read ('read') or an upload into a shared document ('edit') needs it. */
export type ImageAccess = (args: { tenantId: string; fileId: string; need: 'read' | 'edit' }) => Promise<{ ownerTenantId: string }>;

export interface ImageBytes {
  data: Buffer;
  contentType: string;
}

/** A new image id: 128 random bits as base64url (22 characters), the shape BREE_IMAGE_SRC allows. */
export function newImageId(): string {
  return randomBytes(16).toString('base64url');
}

function present(row: ImageRow): StoredImage {
  return {
    id: row.id,
    src: imageSrc(row.id),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    contentType: row.contentType as StoredImage['contentType'],
  };
}

/**
 * Stored images (docs/IMAGES.md): an upload is checked, re-encoded and kept in blob storage under
 * a key of its own; reads are by tenant, so another tenant's id answers 404 like an unknown one.
 */
export function createImagesService({
  repository,
  storage,
  files,
  now = () => new Date(),
  newId = newImageId,
}: {
  repository: ImagesRepository;
  storage: BlobStorage;
  files: Pick<FilesPort, 'requireLive'>;
  now?: () => Date;
  newId?: () => string;
}) {
  async function bytesOf(row: ImageRow | null): Promise<ImageBytes> {
    if (!row) throw imagesErrors.notFound();
    const data = await storage.get(row.storageKey);
    if (!data) throw imagesErrors.notFound();
    return { data, contentType: row.contentType };
  }

  /**
   * The images of a tenant that `ids` name, with their bytes (exports of a document); an id of no
   * image of the tenant (or whose bytes are gone) is absent from the map.
   */
  async function bytesByIds({ tenantId, ids }: { tenantId: string; ids: readonly string[] }): Promise<Map<string, ImageBytes & { row: ImageRow }>> {
    const out = new Map<string, ImageBytes & { row: ImageRow }>();
    for (const row of await repository.findMany({ tenantId, ids })) {
      const data = await storage.get(row.storageKey);
      if (data) out.set(row.id, { data, contentType: row.contentType, row });
    }
    return out;
  }

  /**
   * The tenant an upload into `fileId` is stored in: the caller's own when the document is theirs —
   * answered as before, with no extra query —, else the owner's when the grant resolver lets the
   * caller write it (Editor). Without access the document's first 404 stands; a Viewer or a
   * Commenter gets the resolver's 403 `role_refused`.
   */
  async function writersTenant({ tenantId, fileId, access }: { tenantId: string; fileId: string; access: ImageAccess }): Promise<string> {
    try {
      await files.requireLive({ tenantId, fileId });
      return tenantId;
    } catch (missing) {
      if (!(isAppError(missing) && missing.status === 404)) throw missing;
      const granted = await access({ tenantId, fileId, need: 'edit' }).catch((refused: unknown) => {
        throw isAppError(refused) && refused.status === 404 ? missing : refused;
      });
      if (granted.ownerTenantId === tenantId) throw missing;
      return granted.ownerTenantId;
    }
  }

  const service = {
    bytesByIds,
    /**
     * Stores an image of the tenant's live document `fileId` (another tenant's, a trashed or unknown
     * document: 404 file_not_found). The bytes go to storage first, so a row never names missing bytes;
     * when the account's limit refuses the row, they are removed again. The same bytes sent again for
     * the same document (a retry whose answer was lost, a second paste) answer the image stored first.
     */
    async upload({ tenantId, fileId, data }: { tenantId: string; fileId: string; data: Buffer }): Promise<StoredImage> {
      await files.requireLive({ tenantId, fileId });
      const sourceSha256 = createHash('sha256').update(data).digest('hex');
      const earlier = await repository.findSame({ tenantId, fileId, sourceSha256 });
      if (earlier) return present(earlier);
      const image = await processImage(data);
      const id = newId();
      const row: ImageRow = {
        id,
        tenantId,
        fileId,
        storageKey: `images/${id}`,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        createdAt: now(),
        sourceSha256,
      };
      await storage.put(row.storageKey, image.data, row.contentType);
      const { stored, usedBytes, same } = await repository.insertWithinQuota(row).catch(async (error: unknown) => {
        await storage.delete(row.storageKey);
        throw error;
      });
      if (same) {
        await storage.delete(row.storageKey);
        return present(same);
      }
      if (!stored) {
        await storage.delete(row.storageKey);
        throw imagesErrors.quotaExceeded(usedBytes);
      }
      return present(row);
    },
    /**
     * An upload by whoever writes the document: its owner, or a person it is shared with as Editor.
     * The image belongs to the document: kept in the owner's tenant and counted in the owner's
     * storage, as an Editor's words are the owner's document (docs/IMAGES.md, docs/SHARING.md).
     */
    async uploadAsWriter({ tenantId, fileId, data, access }: { tenantId: string; fileId: string; data: Buffer; access: ImageAccess }): Promise<StoredImage> {
      return service.upload({ tenantId: await writersTenant({ tenantId, fileId, access }), fileId, data });
    },
    /** The owner's read: 404 image_not_found for another tenant's or an unknown id. */
    async read({ tenantId, id }: { tenantId: string; id: string }): Promise<ImageBytes> {
      return bytesOf(await repository.find({ tenantId, id }));
    },
    /**
     * The signed-in reader's read: their own image, else one of a document another account shared
     * with them (`access`, the one grant resolver, decides; docs/SHARING.md "People"). Anything else
     * is the same 404 as an unknown id.
     */
    async readAsReader({ tenantId, id, access }: { tenantId: string; id: string; access: ImageAccess }): Promise<ImageBytes> {
      const own = await repository.find({ tenantId, id });
      if (own) return bytesOf(own);
      const where = await repository.locate(id);
      if (!where || where.tenantId === tenantId) throw imagesErrors.notFound();
      const owner = await access({ tenantId, fileId: where.fileId, need: 'read' }).then(
        (granted) => granted.ownerTenantId,
        () => null,
      );
      if (owner !== where.tenantId) throw imagesErrors.notFound();
      return bytesOf(await repository.find({ tenantId: where.tenantId, id }));
    },
    /**
     * A public page's read: the image only when it is the tenant's and `content` (the shared or
     * published text) shows it; otherwise the same 404 as an unknown id.
     */
    async readShown({ tenantId, id, content }: { tenantId: string; id: string; content: DocJSON }): Promise<ImageBytes> {
      if (!imageIdsIn(content).includes(id)) throw imagesErrors.notFound();
      return bytesOf(await repository.find({ tenantId, id }));
    },
    /** The images of a tenant that `ids` name, as an export carries them (base64 text, which crosses to a worker thread). */
    async forExport({ tenantId, ids }: { tenantId: string; ids: readonly string[] }): Promise<Record<string, { contentType: string; base64: string }>> {
      const found = await bytesByIds({ tenantId, ids });
      return Object.fromEntries([...found].map(([id, image]) => [id, { contentType: image.contentType, base64: image.data.toString('base64') }]));
    },
    /** Like forExport without the bytes: enough for an export that links to the image files beside it. */
    async typesForExport({ tenantId, ids }: { tenantId: string; ids: readonly string[] }): Promise<Record<string, { contentType: string; base64: string }>> {
      const rows = await repository.findMany({ tenantId, ids });
      return Object.fromEntries(rows.map((row) => [row.id, { contentType: row.contentType, base64: '' }]));
    },
    /** Every image of the tenant, oldest first ('Export all my data'). */
    listAll: ({ tenantId }: { tenantId: string }) => repository.listByTenant({ tenantId }),
    bytesOfRow: (row: Pick<ImageRow, 'storageKey'>) => storage.get(row.storageKey),
    /**
     * After documents were deleted for good: removes the images no document of theirs shows any more,
     * rows first, then bytes. Answers how many were removed.
     */
    async sweep({ tenantId }: { tenantId?: string } = {}): Promise<number> {
      let removed = 0;
      for (;;) {
        const keys = await repository.removeOrphans({ limit: SWEEP_BATCH, ...(tenantId === undefined ? {} : { tenantId }) });
        for (const key of keys) await storage.delete(key);
        removed += keys.length;
        if (keys.length < SWEEP_BATCH) return removed;
      }
    },
  };
  return service;
}
export type ImagesService = ReturnType<typeof createImagesService>;
