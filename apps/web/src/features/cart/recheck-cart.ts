import { formatNaira } from '@shop/shared';
import { ApiError } from '../../lib/api-client';
import type { CartLine, CartProduct } from './cart-store';

export type RecheckOutcome = {
  /** The lines as they should be now, or undefined for a line to drop. */
  updates: Map<string, CartLine | undefined>;
  /** One sentence per change, for the visitor. */
  changes: string[];
};

/**
 * Asks the API for the current price and stock of every line (API.md: GET /api/products/{id}).
 * A product that is gone (404) or sold out is removed; a quantity above the stock is lowered.
 * A line whose check fails for another reason (offline, 5xx) is left as it is.
 */
export async function recheckCart(
  lines: readonly CartLine[],
  fetchProduct: (id: string) => Promise<CartProduct>,
): Promise<RecheckOutcome> {
  const updates = new Map<string, CartLine | undefined>();
  const changes: string[] = [];
  const results = await Promise.allSettled(lines.map((line) => fetchProduct(line.productId)));
  results.forEach((result, index) => {
    const line = lines[index] as CartLine;
    if (result.status === 'rejected') {
      if (result.reason instanceof ApiError && result.reason.code === 'NOT_FOUND') {
        updates.set(line.productId, undefined);
        changes.push(`${line.name} is no longer available and was removed from your cart.`);
      }
      return;
    }
    const product = result.value;
    if (product.stock < 1) {
      updates.set(line.productId, undefined);
      changes.push(`${line.name} is out of stock and was removed from your cart.`);
      return;
    }
    const next: CartLine = {
      ...line,
      name: product.name,
      slug: product.slug,
      image: product.images[0] ?? line.image,
      price: product.price,
      stock: product.stock,
      quantity: Math.min(line.quantity, product.stock),
    };
    if (product.price !== line.price) {
      changes.push(
        `The price of ${line.name} changed from ${formatNaira(line.price)} to ${formatNaira(product.price)}.`,
      );
    }
    if (next.quantity < line.quantity) {
      changes.push(`Only ${product.stock} of ${line.name} left in stock: quantity lowered to ${next.quantity}.`);
    }
    updates.set(line.productId, next);
  });
  return { updates, changes };
}

/** Applies a re-check to the cart as it is now (the visitor may have changed it meanwhile). */
export function applyRecheck(current: readonly CartLine[], outcome: RecheckOutcome): CartLine[] {
  const result: CartLine[] = [];
  for (const line of current) {
    if (!outcome.updates.has(line.productId)) {
      result.push(line);
      continue;
    }
    const checked = outcome.updates.get(line.productId);
    if (!checked) continue;
    result.push({ ...checked, quantity: Math.max(1, Math.min(line.quantity, checked.stock)) });
  }
  return result;
}
