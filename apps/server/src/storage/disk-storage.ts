import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, contentTypeOf, type Storage, type StoredObject } from './storage';

/** Files in one folder (DATA_DIR/uploads by default): for a shop that runs on one machine. */
export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;
  /** Private files (transfer proofs): the folder 0700, each file 0600, whatever the process umask. */
  private readonly modes: { folder?: number; file?: number };

  constructor(
    readonly dir: string,
    options: { private?: boolean } = {},
  ) {
    this.modes = options.private ? { folder: 0o700, file: 0o600 } : {};
  }

  private pathOf(key: string) {
    return path.join(this.dir, assertKey(key));
  }

  /** Written beside under a temporary name, then renamed: a reader never sees half a file. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.dir, { recursive: true, ...(this.modes.folder ? { mode: this.modes.folder } : {}) });
    const temporary = path.join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      // NOTE: `mode` is masked by the umask; the chmod makes it exact (a test's umask may be 0).
      await writeFile(temporary, bytes, this.modes.file ? { mode: this.modes.file } : {});
      if (this.modes.file) await chmod(temporary, this.modes.file);
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
