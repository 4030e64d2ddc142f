/**
 * What a product listing needs besides its rows, remembered per filter until the catalogue
 * changes: the total, and "anchors" — the sort key of every ANCHOR_STEP-th product — so a deep
 * page starts from the nearest anchor (keyset) instead of walking every product before it.
 * Cleared with the catalogue cache (see CatalogCache), in every process. A change of stock alone
 * changes none of it, except for a listing filtered to what is in stock when a product sells out
 * or comes back: those entries are remembered as such and forgotten then (forgetAvailability).
 */
export const ANCHOR_STEP = 240;
const MAX_ENTRIES = 2_000;

export class ListingMemo {
  private readonly entries = new Map<string, unknown>();
  /** Keys whose value depends on which products are in stock. */
  private readonly byAvailability = new Set<string>();
  private generation = 0;

  /** The value for key, computing it at most once per catalogue version. */
  async remember<T>(key: string, compute: () => Promise<T>, options: { availability?: boolean } = {}): Promise<T> {
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const version = this.version;
    const value = await compute();
    this.keep(key, value, version, options);
    return value;
  }

  /** What is remembered for key, if anything: for a value that comes with other work (keep). */
  recall<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  /** The catalogue's version: take it before computing a value to keep. */
  get version(): number {
    return this.generation;
  }

  /** Remembers value for key, unless the catalogue changed since `version` (it may be stale). */
  keep(key: string, value: unknown, version: number, options: { availability?: boolean } = {}) {
    if (version !== this.generation) return;
    if (!this.entries.has(key) && this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.byAvailability.delete(oldest);
    }
    this.entries.set(key, value);
    if (options.availability) this.byAvailability.add(key);
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.byAvailability.clear();
  }

  /** A product sold out or came back: forget what an in-stock filter counted. */
  forgetAvailability() {
    // Also keeps a computation under way from storing what it may have counted before.
    this.generation += 1;
    for (const key of this.byAvailability) this.entries.delete(key);
    this.byAvailability.clear();
  }
}
