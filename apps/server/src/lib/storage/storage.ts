import type { Config } from '../../config';
import { createFileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

/**
 * Where large binary (feedback attachments, later audio) is kept, by key. Keys are made by Bree
 * (`<area>/<id>/<id>`), never by a user, so they are safe as file paths and object names.
 */
export interface BlobStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_SHAPE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Refuses a key that could leave the storage root (an absolute path, `..`). */
export function assertStorageKey(key: string): void {
  if (!KEY_SHAPE.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/** The S3-compatible store when S3_BUCKET is set, else files under DATA_DIR/blobs. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): BlobStorage {
  return config.s3 ? createS3Storage(config.s3) : createFileStorage({ root: `${config.dataDir}/blobs` });
}
