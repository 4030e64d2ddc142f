import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../../config';
import { S3Storage } from '../../storage';
import { STORAGE_KEY } from '../../storage/storage';
import type { CommandResult } from './commands';
import { ToolError } from './connection';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** By extension: the public images are webp, transfer proofs jpg, png, webp or pdf (decision 023). */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

export interface FolderMove {
  /** 'uploads' or 'private', for the report. */
  name: string;
  dir: string;
  bucket: S3Config;
}

interface Counts {
  copied: number;
  skipped: number;
  ignored: string[];
}

async function moveFolder(move: FolderMove): Promise<Counts> {
  const counts: Counts = { copied: 0, skipped: 0, ignored: [] };
  let names: string[];
  try {
    names = (await readdir(move.dir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return counts;
    throw error;
  }
  const bucket = new S3Storage(move.bucket);
  try {
    for (const name of names) {
      const file = path.join(move.dir, name);
      const info = await stat(file);
      // Only keys the shop made itself: temporary files of an upload in progress and strays stay behind.
      if (!info.isFile() || !STORAGE_KEY.test(name)) {
        counts.ignored.push(name);
        continue;
      }
      if ((await bucket.sizeOf(name)) === info.size) {
        counts.skipped += 1;
        continue;
      }
      const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
      await bucket.put(name, await readFile(file), type);
      counts.copied += 1;
    }
  } finally {
    await bucket.close();
  }
  return counts;
}

/**
 * `npm run storage:move`: the files of a disk shop (DATA_DIR/uploads and DATA_DIR/private) into
 * the bucket of S3_BUCKET, under S3_PREFIX and S3_PRIVATE_PREFIX, with the cache control the shop
 * gives them (S3Storage). Objects already there with the same size are left alone, so it may run
 * again after an interruption. The files on disk are kept.
 */
export async function moveStorage(moves: FolderMove[]): Promise<CommandResult> {
  if (moves.length === 0)
    throw new ToolError(
      'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) first.',
    );
  const lines: string[] = [];
  for (const move of moves) {
    const counts = await moveFolder(move);
    lines.push(
      `${move.name}: ${move.dir} → s3://${move.bucket.bucket}/${move.bucket.prefix}: ${counts.copied} copied, ${counts.skipped} already there${
        counts.ignored.length > 0
          ? `, ${counts.ignored.length} left (not the shop's files: ${counts.ignored.slice(0, 5).join(', ')})`
          : ''
      }`,
    );
  }
  lines.push('Keep the folders on disk until the shop has run well with S3_BUCKET set.');
  return { ok: true, report: lines.join('\n') };
}
