import type { Database } from '../../db/client';

export const CATALOG_CHANNEL = 'catalog_changed';
const MAX_ENTRIES = 5_000;

/**
 * Serialized catalogue answers, kept until the catalogue changes. The catalogue changes rarely
 * and is read on every page, so a read is usually a Map lookup and one write of a ready string.
 *
 * Every server process keeps its own copy; a catalogue write clears this process's copy at once
 * and tells the others through PostgreSQL NOTIFY. A fill that raced a write is not stored
 * (the generation check), so a stale answer can never outlive the write that made it stale.
 */
export class CatalogCache {
  private readonly entries = new Map<string, string>();
  private generation = 0;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    readonly enabled: boolean,
  ) {}

  async start() {
    if (!this.enabled) return;
    this.stopListening = await this.database.listen(CATALOG_CHANNEL, () => this.clear());
  }

  async stop() {
    await this.stopListening?.();
  }

  /** The cached body for key, or the body produce() builds (stored when caching is on). */
  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<string> {
    if (this.enabled) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit;
    }
    const generation = this.generation;
    const body = JSON.stringify(await produce());
    if (this.enabled && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, body);
    }
    return body;
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
  }
}
