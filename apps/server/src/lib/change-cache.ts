/**
 * Answers computed once and shared until the data under them changes: `clear()` is called for
 * every NOTIFY of the tables they read (orders_changed, catalog_changed: delivered at commit, by
 * every process), and `ttlMs` bounds how long one is kept if a notification is ever lost. Callers
 * asking for a key being computed share that computation (one query for ten admins); a failed
 * computation is not kept.
 */
export class ChangeCache<Value> {
  readonly #entries = new Map<string, { value: Promise<Value>; at: number }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  get(key: string, compute: () => Promise<Value>): Promise<Value> {
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.options.ttlMs) return entry.value;
    if (this.#entries.size >= this.options.maxEntries) this.#entries.clear();
    const value = compute();
    const stored = { value, at: now };
    this.#entries.set(key, stored);
    value.catch(() => {
      if (this.#entries.get(key) === stored) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
