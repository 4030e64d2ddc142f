/**
 * What a product listing needs besides its rows, remembered per filter until the catalogue
 * changes: the total, and "anchors" — the sort key of every ANCHOR_STEP-th product — so a deep
 * page starts from the nearest anchor (keyset) instead of walking every product before it.
 * Cleared with the catalogue cache (see CatalogCache), in every process.
 */
export const ANCHOR_STEP = 240;
const MAX_ENTRIES = 2_000;

export class ListingMemo {
  private readonly entries = new Map<string, unknown>();
  private generation = 0;

  /** The value for key, computing it at most once per catalogue version. */
  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const generation = this.generation;
    const value = await compute();
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}
