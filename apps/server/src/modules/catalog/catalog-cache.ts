import { CATALOG_STOCK_REFRESH_MS_DEFAULT } from '../../config';
import type { Database } from '../../db/client';
import { stringifyAnswer } from '../../lib/raw-json';
import { isUuid } from './catalog.repository';
import { type StockShown, stockShownBy } from './stock-shown';

export const CATALOG_CHANNEL = 'catalog_changed';
/**
 * Filters make the keys unbounded (every price range is a key of its own), so the copy is capped
 * in entries and in bytes, and the least recently used answers go first.
 */
export const CATALOG_CACHE_LIMITS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };

/** More products than one notice names (a NOTIFY payload stays under 8,000 bytes). */
const NOTICE_IDS_MAX = 200;

/**
 * What a catalog_changed notice says (migrations 0002 and 0009): anything may have changed, or
 * only the stock of some products, named by their comma-separated ids (`availability`: one of
 * them sold out or came back). Anything this does not recognise, a reconnection's empty payload
 * included, counts as "anything".
 */
export type CatalogNotice = { kind: 'all' } | { kind: 'stock'; products: string[]; availability: boolean };

export function readCatalogNotice(payload: string): CatalogNotice {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  if (colon < 0 || (kind !== 'stock' && kind !== 'availability')) return { kind: 'all' };
  const products = payload.slice(colon + 1).split(',');
  if (products.length > NOTICE_IDS_MAX || !products.every(isUuid)) return { kind: 'all' };
  return { kind: 'stock', products, availability: kind === 'availability' };
}

/** Another memory of the catalogue, cleared with the cache (the listing memo). */
export interface CatalogMemory {
  clear(): void;
  /** Forget what depends on which products are in stock (a product sold out or came back). */
  forgetAvailability?(): void;
}

export interface CatalogCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** See CATALOG_STOCK_REFRESH_MS_DEFAULT; 0 drops the answers at each notice. */
  stockRefreshMs: number;
}

interface Entry {
  body: Buffer;
  /** The products whose stock the answer shows. */
  shows: readonly string[];
  /** Its members depend on stock (an in-stock filter). */
  availability: boolean;
}

/**
 * Serialized catalogue answers (UTF-8 buffers, ready to write), kept until the catalogue changes. The catalogue changes rarely
 * and is read on every page, so a read is usually a Map lookup and one write of a ready string.
 *
 * Every server process keeps its own copy. Triggers on the catalogue tables NOTIFY every process
 * when a change commits, whoever made it (migrations 0002 and 0009), and each clears its copy; a
 * writer may also call invalidate() to clear its own at once. A fill that raced a write is not
 * stored (the generation check), so a stale answer can never outlive the write that made it stale.
 *
 * A change of stock alone (orders, cancellations) clears nothing (decision 019). Each answer
 * knows which products' stock it shows (marked by the repository as it reads: stock-shown.ts);
 * the products named by stock notices are gathered for stockRefreshMs, then only the answers
 * showing them are dropped, to be built again on their next request. A product selling out or
 * coming back also drops, at once, the answers filtered to what is in stock. A fill that was
 * under way while stock answers were dropped is not stored if it shows any stock.
 */
export class CatalogCache {
  /** In order of last use, oldest first. */
  private readonly entries = new Map<string, Entry>();
  /** Product id → keys of the answers that show its stock. */
  private readonly showing = new Map<string, Set<string>>();
  /** Keys of the answers whose members depend on stock. */
  private readonly byAvailability = new Set<string>();
  private bytes = 0;
  /** Answers being built, so a burst of identical misses asks the database once. */
  private readonly pending = new Map<string, Promise<Buffer>>();
  private generation = 0;
  private built = 0;
  /** Counts the drops of stock answers, for fills that raced one. */
  private stockGeneration = 0;
  /** Products whose stock changed since the last refresh. */
  private staleStock = new Set<string>();
  private refreshTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly options: CatalogCacheOptions;
  /**
   * Lookups answered from memory (or by a build already under way) and those that asked the
   * database, while caching is on: metrics read them.
   */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly database: Database,
    readonly enabled: boolean,
    /** Other memories of the catalogue, cleared with this one. */
    private readonly alsoClear: CatalogMemory[] = [],
    options: Partial<CatalogCacheOptions> = {},
  ) {
    this.options = { ...CATALOG_CACHE_LIMITS, stockRefreshMs: CATALOG_STOCK_REFRESH_MS_DEFAULT, ...options };
  }

  async start() {
    this.stopListening = await this.database.listen(CATALOG_CHANNEL, (payload) => this.heard(payload));
  }

  async stop() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    await this.stopListening?.();
  }

  /** The cached body for key, or the body produce() builds (stored when caching is on). */
  async getOrCreate(key: string, produce: () => Promise<unknown>): Promise<Buffer> {
    if (!this.enabled) return Buffer.from(stringifyAnswer(await produce()));
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.lookups.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) {
      this.lookups.hits += 1;
      return inFlight;
    }
    this.lookups.misses += 1;

    const generation = this.generation;
    const stockGeneration = this.stockGeneration;
    this.built += 1;
    const build = (async () => {
      const value = await produce();
      const shown = stockShownBy(value);
      const body = Buffer.from(stringifyAnswer(value));
      const showsStock = shown.products.size > 0 || shown.availability;
      if (generation === this.generation && (stockGeneration === this.stockGeneration || !showsStock)) {
        this.store(key, body, shown);
      }
      return body;
    })();
    this.pending.set(key, build);
    try {
      return await build;
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

  /** Whether the answer for key is kept (no use recorded): for tests and diagnostics. */
  has(key: string) {
    return this.entries.has(key);
  }

  /** Bytes of answers held. */
  get byteSize() {
    return this.bytes;
  }

  /** Answers built since the start (requests that found no answer kept nor one being built): for benchmarks. */
  get builds() {
    return this.built;
  }

  private heard(payload: string) {
    const notice = readCatalogNotice(payload);
    if (notice.kind === 'all') {
      this.clear();
      return;
    }
    if (notice.availability) this.forgetAvailability();
    for (const id of notice.products) this.staleStock.add(id);
    if (this.options.stockRefreshMs <= 0) {
      this.refreshStock();
    } else if (!this.refreshTimer) {
      // Not pushed back by later notices: under a steady flow of orders it must still fire.
      this.refreshTimer = setTimeout(() => this.refreshStock(), this.options.stockRefreshMs);
      this.refreshTimer.unref();
    }
  }

  /** Drops the answers showing the stock of the products gathered since the last refresh. */
  private refreshStock() {
    this.refreshTimer = undefined;
    const stale = this.staleStock;
    this.staleStock = new Set();
    this.stockGeneration += 1;
    // A request from now on must not join a fill that may have read the old figures.
    this.pending.clear();
    for (const id of stale) {
      const keys = this.showing.get(id);
      if (keys) for (const key of [...keys]) this.remove(key);
    }
  }

  /** A product sold out or came back: the lists of what is in stock change members, now. */
  private forgetAvailability() {
    this.stockGeneration += 1;
    this.pending.clear();
    for (const key of [...this.byAvailability]) this.remove(key);
    for (const memory of this.alsoClear) memory.forgetAvailability?.();
  }

  private store(key: string, body: Buffer, shown: StockShown) {
    if (body.length > this.options.maxBytes) return;
    this.remove(key);
    for (const oldKey of this.entries.keys()) {
      if (this.entries.size < this.options.maxEntries && this.bytes + body.length <= this.options.maxBytes) break;
      this.remove(oldKey);
    }
    const entry: Entry = { body, shows: [...shown.products], availability: shown.availability };
    this.entries.set(key, entry);
    this.bytes += body.length;
    for (const id of entry.shows) {
      let keys = this.showing.get(id);
      if (!keys) {
        keys = new Set();
        this.showing.set(id, keys);
      }
      keys.add(key);
    }
    if (entry.availability) this.byAvailability.add(key);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    for (const id of entry.shows) {
      const keys = this.showing.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.showing.delete(id);
    }
    if (entry.availability) this.byAvailability.delete(key);
  }

  private clear() {
    this.generation += 1;
    this.entries.clear();
    this.showing.clear();
    this.byAvailability.clear();
    this.bytes = 0;
    this.pending.clear();
    // Whatever is built from now on reads the stock as it is now.
    this.staleStock = new Set();
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    for (const memory of this.alsoClear) memory.clear();
  }
}
