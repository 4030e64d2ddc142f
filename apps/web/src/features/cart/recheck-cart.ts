import {
  formatCount,
  formatNaira,
  formatQuantity,
  isPurchasable,
  type Product,
  perUnitSuffix,
  quantityRule,
  type SaleFields,
  type SaleTerms,
  saleTermsOf,
  snapQuantity,
} from '@shop/shared';
import { ApiError } from '../../lib/api-client';
import { priceCartLine } from '../../lib/line-price';
import { thumbUrl } from '../../lib/product-images';
import { type CartLine, lineRule, productSaleFields, stockHundredthsOf } from './cart-store';

export type RecheckOutcome = {
  /** The lines as they should be now, or undefined for a line to drop. */
  updates: Map<string, CartLine | undefined>;
  /** One sentence per change, for the visitor. */
  changes: string[];
};

/** How a product is sold, in words: "by the yard", "by the pack of 12". */
export function soldBy(terms: Pick<SaleTerms, 'unit' | 'packSize'>): string {
  if (terms.unit !== 'pack') return `by the ${terms.unit}`;
  return terms.packSize ? `by the pack of ${formatCount(terms.packSize)}` : 'by the pack';
}

/** The line's picture as a card shows it: the first image's thumb when the naming gives one. */
function cardImage(images: readonly string[] | undefined): string | undefined {
  const first = images?.[0];
  return first === undefined ? undefined : (thumbUrl(first) ?? first);
}

const sameSale = (a: SaleFields, b: SaleFields) => a.unit === b.unit && a.packSize === b.packSize;

/**
 * A line brought up to date with the product as the shop sells it now: its price, price
 * breaks, unit, step, minimum and stock, its quantity snapped to the new rule. Says, in one
 * sentence per change, what the visitor would otherwise not know: a new price, a lowered
 * quantity, a new way of selling it. Undefined (with its sentence) when it cannot be bought.
 */
export function updateLine(
  line: CartLine,
  product: SaleFields & Pick<Product, 'price' | 'stock'> & Partial<Pick<Product, 'slug' | 'name' | 'images'>>,
): { next: CartLine | undefined; changes: string[] } {
  const fields = productSaleFields(product);
  const terms = saleTermsOf(fields);
  const stockHundredths = stockHundredthsOf(product);
  if (!isPurchasable(terms, stockHundredths)) {
    return { next: undefined, changes: [`${line.name} is out of stock and was removed from your cart.`] };
  }
  const rule = quantityRule(terms, stockHundredths);
  const hundredths = snapQuantity(rule, line.hundredths);
  const next: CartLine = {
    ...line,
    name: product.name ?? line.name,
    slug: product.slug ?? line.slug,
    image: cardImage(product.images) ?? line.image,
    price: product.price,
    ...fields,
    stockHundredths,
    hundredths,
  };
  const changes: string[] = [];
  // The price per unit this line pays, before and after, at the quantity the visitor chose.
  const before = priceCartLine(line).unitPriceKobo;
  const after = priceCartLine({ ...next, hundredths: line.hundredths }).unitPriceKobo;
  if (before !== after || product.price !== line.price) {
    changes.push(
      `The price of ${line.name} changed from ${formatNaira(before / 100)}${perUnitSuffix(line)} to ${formatNaira(after / 100)}${perUnitSuffix(terms)}.`,
    );
  }
  if (!sameSale(line, next)) {
    changes.push(`${line.name} is now sold ${soldBy(terms)}: ${formatQuantity(terms, hundredths)} in your cart.`);
  } else if (hundredths < line.hundredths && line.hundredths > stockHundredths) {
    changes.push(
      `Only ${formatQuantity(terms, stockHundredths)} of ${line.name} left in stock: quantity lowered to ${formatQuantity(terms, hundredths)}.`,
    );
  } else if (hundredths !== line.hundredths) {
    changes.push(`The quantity of ${line.name} changed to ${formatQuantity(terms, hundredths)}, as it is sold now.`);
  }
  return { next, changes };
}

/**
 * Asks the API for the current price, terms and stock of every line (API.md: GET
 * /api/products/{id}). A product that is gone (404) or sold out is removed; a quantity the new
 * rule does not allow is snapped to it. A line whose check fails for another reason (offline,
 * 5xx) is left as it is.
 */
export async function recheckCart(
  lines: readonly CartLine[],
  fetchProduct: (id: string) => Promise<Product>,
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
    const update = updateLine(line, result.value);
    updates.set(line.productId, update.next);
    changes.push(...update.changes);
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
    // The quantity as it is now (the visitor may have changed it), within the checked rule.
    result.push({ ...checked, hundredths: snapQuantity(lineRule(checked), line.hundredths) });
  }
  return result;
}
