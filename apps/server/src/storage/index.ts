import type { StorageConfig } from '../config';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export { STORAGE_KEY, type Storage, type StoredObject, UPLOADS_URL_PREFIX } from './storage';
export { DiskStorage, S3Storage };

/**
 * The disk under DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. A private storage
 * (transfer proofs) on disk writes files only the shop can read (0600 in a 0700 folder).
 */
export function createStorage(config: StorageConfig, options: { private?: boolean } = {}): Storage {
  return config.kind === 's3' ? new S3Storage(config) : new DiskStorage(config.dir, options);
}
