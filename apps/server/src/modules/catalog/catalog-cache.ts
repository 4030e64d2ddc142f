import type { Database } from '../../db/client';
import { stringifyAnswer } from '../../lib/raw-json';

export const CATALOG_CHANNEL = 'catalog_changed';
/**
 * Filters make the keys unbounded (every price range is a key of its own), so the copy is capped
 * in entries and in bytes, and the least recently used answers go first.
 */
export const CATALOG_CACHE_LIMITS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };

/**
 * Serialized catalogue answers (UTF-8 buffers, ready to write), kept until the catalogue changes. The catalogue changes rarely
 * and is read on every page, so a read is usually a Map lookup and one write of a ready string.
 *
 * Every server process keeps its own copy. Triggers on the catalogue tables NOTIFY every process
 * when a change commits, whoever made it (migration 0002), and each clears its copy; a writer
 * may also call invalidate() to clear its own at once. A fill that raced a write is not stored
 * (the generation check), so a stale answer can never outlive the write that made it stale.
 */
export class CatalogCache {
  /** In order of last use, oldest first. */
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  /** Answers being built, so a burst of identical misses asks the database once. */
  private readonly pending = new Map<string, Promise<Buffer>>();
  private generation = 0;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    readonly enabled: boolean,
    /** Other memories of the catalogue, cleared with this one. */
    private readonly alsoClear: { clear(): void }[] = [],
    private readonly limits = CATALOG_CACHE_LIMITS,
  ) {}

  async start() {
    this.stopListening = await this.database.listen(CATALOG_CHANNEL, () => this.clear());
  }

  async stop() {
    await this.stopListening?.();
  }

  /** The cached body for key, or the body produce() builds (stored when caching is on). */
  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    if (!this.enabled) return Buffer.from(stringifyAnswer(await produce()));
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const build = (async () => Buffer.from(stringifyAnswer(await produce())))();
    this.pending.set(key, build);
    try {
      const body = await build;
      if (generation === this.generation) this.store(key, body);
      return body;
    } finally {
      if (this.pending.get(key) === build) this.pending.delete(key);
    }
  }

  /**
   * Clears this process's copy now, before the database's notice arrives, and tells the others:
   * for a writer whose next read must show its own change.
   */
  async invalidate() {
    this.clear();
    await this.database.notify(CATALOG_CHANNEL, String(process.pid));
  }

  get size() {
    return this.entries.size;
  }

  /** Bytes of answers held. */
  get byteSize() {
    return this.bytes;
  }

  private store(key: string, body: Buffer) {
    if (body.length > this.limits.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length;
    }
    for (const [oldKey, oldBody] of this.entries) {
      if (this.entries.size < this.limits.maxEntries && this.bytes + body.length <= this.limits.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= oldBody.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length;
  }

  private clear() {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
    this.pending.clear();
    for (const memory of this.alsoClear) memory.clear();
  }
}
