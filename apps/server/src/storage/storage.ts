import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, behind one small interface so a shop on one machine keeps them on
 * its disk and several servers on several machines share one S3-compatible bucket
 * (docs/decisions/014-product-images-and-storage.md).
 *
 * Keys are flat file names the server made itself (`<sha256>-full.webp`): STORAGE_KEY holds
 * them, and every driver refuses any other, so no key can reach outside its folder or bucket prefix.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Writes the bytes under key (replacing what was there: content-hashed keys hold the same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object as a stream with its size and type, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Closes what the driver opened (S3 sockets). */
  close(): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** A file name of our own making: letters, digits, `-`, `_`, one extension; no dots in front, no slashes. */
export const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}\.[a-z0-9]{1,8}$/;

export function assertKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
  return key;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp' };

/** The content type of a stored key, from its extension (the keys are ours, so this is safe). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Where the shop serves stored files: `/images/uploads/<key>` (plugins/uploads.ts). */
export const UPLOADS_URL_PREFIX = '/images/uploads/';
