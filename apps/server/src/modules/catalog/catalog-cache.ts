import type { Database } from '../../db/client';

export const CATALOG_CHANNEL = 'catalog_changed';
const MAX_ENTRIES = 5_000;

/**
 * Serialized catalogue answers (UTF-8 buffers, ready to write), kept until the catalogue changes. The catalogue changes rarely
 * and is read on every page, so a read is usually a Map lookup and one write of a ready string.
 *
 * Every server process keeps its own copy; a catalogue write clears this process's copy at once
 * and tells the others through PostgreSQL NOTIFY. A fill that raced a write is not stored
 * (the generation check), so a stale answer can never outlive the write that made it stale.
 */
export class CatalogCache {
  private readonly entries = new Map<string, Buffer>();
  /** Answers being built, so a burst of identical misses asks the database once. */
  private readonly pending = new Map<string, Promise<Buffer>>();
  private generation = 0;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    readonly enabled: boolean,
    /** Other memories of the catalogue, cleared with this one. */
    private readonly alsoClear: { clear(): void }[] = [],
  ) {}

  async start() {
    this.stopListening = await this.database.listen(CATALOG_CHANNEL, () => this.clear());
  }

  async stop() {
    await this.stopListening?.();
  }

  /** The cached body for key, or the body produce() builds (stored when caching is on). */
  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    if (!this.enabled) return Buffer.from(JSON.stringify(await produce()));
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const build = (async () => Buffer.from(JSON.stringify(await produce())))();
    this.pending.set(key, build);
    try {
      const body = await build;
      if (generation === this.generation) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, body);
      }
      return body;
    } finally {
      if (this.pending.get(key) === build) this.pending.delete(key);
    }
  }

  /** Call after every catalogue write, once it is committed. */
  async invalidate() {
    this.clear();
    await this.database.notify(CATALOG_CHANNEL, String(process.pid));
  }

  get size() {
    return this.entries.size;
  }

  private clear() {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    for (const memory of this.alsoClear) memory.clear();
  }
}
