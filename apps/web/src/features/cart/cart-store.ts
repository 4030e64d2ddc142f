import type { Product } from '@shop/shared';
import { useSyncExternalStore } from 'react';
import { storageKeys } from '../../lib/storage-keys';

/** One line of the cart: what the visitor saw when adding it, plus the quantity. */
export type CartLine = {
  productId: string;
  slug: string;
  name: string;
  price: number;
  image: string | undefined;
  stock: number;
  quantity: number;
};

/** The fields of a catalogue product the cart needs. */
export type CartProduct = Pick<Product, 'id' | 'slug' | 'name' | 'price' | 'images' | 'stock'>;

/** What happened when something was added, so the caller can tell the visitor. */
export type AddResult = 'added' | 'increased' | 'at-stock-limit' | 'out-of-stock';

const EMPTY: readonly CartLine[] = Object.freeze([]);
let lines: readonly CartLine[] = EMPTY;
let loaded = false;
let listening = false;
const listeners = new Set<() => void>();

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.productId === 'string' &&
    typeof line.name === 'string' &&
    typeof line.price === 'number' &&
    typeof line.stock === 'number' &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1
  );
}

function readStorage(): readonly CartLine[] {
  try {
    const raw = window.localStorage.getItem(storageKeys.cart);
    if (!raw) return EMPTY;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCartLine) : EMPTY;
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

function clamp(quantity: number, stock: number): number {
  return Math.max(1, Math.min(Math.floor(quantity), Math.max(stock, 1)));
}

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

  /** An existing line goes up by `quantity` (1 by default), never above the stock. */
  add(product: CartProduct, quantity = 1): AddResult {
    ensureLoaded();
    if (product.stock < 1) return 'out-of-stock';
    const existing = lines.find((line) => line.productId === product.id);
    if (existing) {
      if (existing.quantity >= product.stock) return 'at-stock-limit';
      commit(
        lines.map((line) =>
          line === existing
            ? {
                ...line,
                price: product.price,
                stock: product.stock,
                quantity: clamp(line.quantity + quantity, product.stock),
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
        image: product.images[0],
        stock: product.stock,
        quantity: clamp(quantity, product.stock),
      },
    ]);
    return 'added';
  },

  /** Never below 1, never above the stock known for the line. */
  setQuantity(productId: string, quantity: number) {
    ensureLoaded();
    commit(
      lines.map((line) => (line.productId === productId ? { ...line, quantity: clamp(quantity, line.stock) } : line)),
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

export function cartCount(items: readonly CartLine[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** Sum in kobo first so 0.1 + 0.2 style errors never show in the subtotal. */
export function cartSubtotal(items: readonly CartLine[]): number {
  return items.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
}

export function useCart() {
  const items = useSyncExternalStore(cartStore.subscribe, cartStore.getLines, () => EMPTY);
  return { items, count: cartCount(items), subtotal: cartSubtotal(items) };
}
