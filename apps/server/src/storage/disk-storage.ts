import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, contentTypeOf, type Storage, type StoredObject } from './storage';

/** Files in one folder (DATA_DIR/uploads by default): for a shop that runs on one machine. */
export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;

  constructor(readonly dir: string) {}

  private pathOf(key: string) {
    return path.join(this.dir, assertKey(key));
  }

  /** Written beside under a temporary name, then renamed: a reader never sees half a file. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {}
}
