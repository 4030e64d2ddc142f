import {
  DEFAULT_MIN_HUNDREDTHS,
  DEFAULT_STEP_HUNDREDTHS,
  hundredthsToUnits,
  isSaleUnit,
  type PriceBreak,
  type Product,
  type ProductCard,
  parseQuantity,
  QUANTITY_SCALE,
  type QuantityRule,
  quantityRule,
  type SaleFields,
  type SaleTerms,
  saleTermsOf,
  snapQuantity,
} from '@shop/shared';
import { useSyncExternalStore } from 'react';
import { priceCartLine } from '../../lib/line-price';
import { storageKeys } from '../../lib/storage-keys';

// Quantities are integer hundredths of the product's unit of sale (units.ts): 2.5 yd is 250,
// 3 packs 300. The line keeps how the product is sold (its sale fields, as the API writes them)
// and its base price, so the cart prices a line with the same rule as the server
// (priceLineKobo) without asking the shop again.

/** One line of the cart: what the visitor saw when adding it, how it is sold, and the quantity. */
export type CartLine = SaleFields & {
  productId: string;
  slug: string;
  name: string;
  /** The price per unit before any price break, in naira. */
  price: number;
  image: string | undefined;
  /** The stock known for the product, in hundredths of its unit. */
  stockHundredths: number;
  /** The quantity, in hundredths of the unit (integer). */
  hundredths: number;
};

/** The fields of a product card (a list's, or the product page's own: productCardOf) the cart needs. */
export type CartProduct = Pick<
  ProductCard,
  | 'id'
  | 'slug'
  | 'name'
  | 'price'
  | 'image'
  | 'stock'
  | 'unit'
  | 'step'
  | 'minQuantity'
  | 'packSize'
  | 'packItemName'
  | 'priceBreaks'
>;

/** What happened when something was added, so the caller can tell the visitor. */
export type AddResult = 'added' | 'increased' | 'at-stock-limit' | 'out-of-stock';

const EMPTY: readonly CartLine[] = Object.freeze([]);
let lines: readonly CartLine[] = EMPTY;
let loaded = false;
let listening = false;
const listeners = new Set<() => void>();

const isCount = (value: unknown, least: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= least;
const isQuantity = (value: unknown): boolean => typeof value === 'number' && (parseQuantity(value) ?? 0) > 0;
const isPriceBreak = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  isQuantity((value as PriceBreak).minQuantity) &&
  (value as PriceBreak).price >= 0;

/**
 * A stored line of this version, or one saved before units of sale (a whole `quantity` of
 * pieces, `stock` in pieces) read as pieces, so a cart survives the upgrade. Anything else
 * (a hand-edited value, a future shape) is dropped.
 */
function readLine(value: unknown): CartLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const line = value as Record<string, unknown>;
  if (typeof line.productId !== 'string' || typeof line.name !== 'string' || typeof line.price !== 'number') {
    return undefined;
  }
  if (line.unit === undefined) {
    // The previous version's line: whole pieces.
    const { quantity, stock, ...rest } = line;
    if (!isCount(quantity, 1) || !isCount(stock, 0)) return undefined;
    return {
      ...(rest as Pick<CartLine, 'productId' | 'slug' | 'name' | 'price' | 'image'>),
      ...PIECE_FIELDS,
      stockHundredths: stock * QUANTITY_SCALE,
      hundredths: quantity * QUANTITY_SCALE,
    };
  }
  const valid =
    isSaleUnit(line.unit) &&
    isQuantity(line.step) &&
    isQuantity(line.minQuantity) &&
    (line.packSize === null || isCount(line.packSize, 1)) &&
    (line.packItemName === null || typeof line.packItemName === 'string') &&
    Array.isArray(line.priceBreaks) &&
    line.priceBreaks.every(isPriceBreak) &&
    isCount(line.stockHundredths, 0) &&
    isCount(line.hundredths, 1);
  return valid ? (line as unknown as CartLine) : undefined;
}

/** How every product was sold before units of sale: by the piece, no breaks. */
const PIECE_FIELDS: SaleFields = {
  unit: 'piece',
  step: 1,
  minQuantity: 1,
  packSize: null,
  packItemName: null,
  priceBreaks: [],
};

function readStorage(): readonly CartLine[] {
  try {
    const raw = window.localStorage.getItem(storageKeys.cart);
    if (!raw) return EMPTY;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return EMPTY;
    return parsed.map(readLine).filter((line): line is CartLine => line !== undefined);
  } catch {
    // Storage blocked or a hand-edited value: start with an empty cart rather than crash.
    return EMPTY;
  }
}

function ensureLoaded() {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  lines = readStorage();
  if (listening) return;
  listening = true;
  // Another tab changed the cart: take its version.
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKeys.cart && event.key !== null) return;
    lines = readStorage();
    emit();
  });
}

function emit() {
  for (const listener of listeners) listener();
}

function commit(next: readonly CartLine[]) {
  lines = next;
  try {
    if (next.length === 0) window.localStorage.removeItem(storageKeys.cart);
    else window.localStorage.setItem(storageKeys.cart, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the cart still works for this page.
  }
  emit();
}

/** The stock of an API product in hundredths (0 when the API sent something unreadable). */
export const stockHundredthsOf = (product: Pick<Product, 'stock'>): number => parseQuantity(product.stock) ?? 0;

/** The integer terms of a line (or a product): what the quantity and price rules take. */
export const lineTerms = (line: SaleFields): SaleTerms => saleTermsOf(line);

/** The quantity rule of a line: its smallest, largest and step, for the stock known. */
export const lineRule = (line: CartLine): QuantityRule => quantityRule(lineTerms(line), line.stockHundredths);

/**
 * How an API product is sold, read so that an answer from before units of sale (a saved
 * catalogue answer, a page drawn by an older server) without these fields is sold by the piece.
 */
export function productSaleFields(product: Partial<SaleFields>): SaleFields {
  const unit = isSaleUnit(product.unit) ? product.unit : 'piece';
  return {
    unit,
    step: product.step ?? hundredthsToUnits(DEFAULT_STEP_HUNDREDTHS[unit]),
    minQuantity: product.minQuantity ?? hundredthsToUnits(DEFAULT_MIN_HUNDREDTHS[unit]),
    packSize: product.packSize ?? null,
    packItemName: product.packItemName ?? null,
    priceBreaks: product.priceBreaks ?? [],
  };
}

/** The integer terms of an API product (productSaleFields). */
export const productTerms = (product: Partial<SaleFields>): SaleTerms => saleTermsOf(productSaleFields(product));

export const cartStore = {
  subscribe(listener: () => void) {
    ensureLoaded();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getLines(): readonly CartLine[] {
    ensureLoaded();
    return lines;
  },

  /**
   * Adds `hundredths` of the product (its minimum by default), to a line of its own or to the
   * line already there, snapped to the product's quantity rule: never above the stock or the
   * line maximum, never off the step, never below the minimum.
   */
  add(product: CartProduct, hundredths?: number): AddResult {
    ensureLoaded();
    const terms = productTerms(product);
    const stockHundredths = stockHundredthsOf(product);
    const rule = quantityRule(terms, stockHundredths);
    if (!rule.available) return 'out-of-stock';
    const amount = hundredths ?? terms.minHundredths;
    const existing = lines.find((line) => line.productId === product.id);
    if (existing) {
      if (existing.hundredths >= rule.max) return 'at-stock-limit';
      commit(
        lines.map((line) =>
          line === existing
            ? {
                ...line,
                ...productSaleFields(product),
                price: product.price,
                stockHundredths,
                hundredths: snapQuantity(rule, line.hundredths + amount),
              }
            : line,
        ),
      );
      return 'increased';
    }
    commit([
      ...lines,
      {
        productId: product.id,
        slug: product.slug,
        name: product.name,
        price: product.price,
        image: product.image ?? undefined,
        ...productSaleFields(product),
        stockHundredths,
        hundredths: snapQuantity(rule, amount),
      },
    ]);
    return 'added';
  },

  /** Sets a line's quantity (hundredths), snapped to its rule for the stock known for the line. */
  setQuantity(productId: string, hundredths: number) {
    ensureLoaded();
    commit(
      lines.map((line) =>
        line.productId === productId ? { ...line, hundredths: snapQuantity(lineRule(line), hundredths) } : line,
      ),
    );
  },

  remove(productId: string) {
    ensureLoaded();
    commit(lines.filter((line) => line.productId !== productId));
  },

  clear() {
    ensureLoaded();
    commit(EMPTY);
  },

  /** Replaces every line at once (used after re-checking prices and stock). */
  replace(next: readonly CartLine[]) {
    ensureLoaded();
    commit(next);
  },

  /** For tests: forget the in-memory copy so the next read comes from storage. */
  resetForTests() {
    lines = EMPTY;
    loaded = false;
  },
};

/**
 * What the header's badge counts: pieces and packs by their number, a length as one item
 * (2.5 yards of lace is one thing in the bag, not two and a half).
 */
export function cartCount(items: readonly CartLine[]): number {
  return items.reduce(
    (sum, line) =>
      sum +
      (line.unit === 'yard' || line.unit === 'metre' ? 1 : Math.max(1, Math.floor(line.hundredths / QUANTITY_SCALE))),
    0,
  );
}

/** The lines' totals (priceCartLine, integer kobo) summed: what the server will charge before delivery. */
export function cartSubtotalKobo(items: readonly CartLine[]): number {
  return items.reduce((sum, line) => sum + priceCartLine(line).lineTotalKobo, 0);
}

/** The subtotal in naira. */
export function cartSubtotal(items: readonly CartLine[]): number {
  return cartSubtotalKobo(items) / 100;
}

export function useCart() {
  const items = useSyncExternalStore(cartStore.subscribe, cartStore.getLines, () => EMPTY);
  return { items, count: cartCount(items), subtotal: cartSubtotal(items) };
}
