/**
 * What a catalogue answer shows that a stock change can make wrong (decision 019): the products
 * whose stock figure it carries, and whether its members themselves depend on stock (a list
 * filtered to what is in stock). The repository marks what it reads as it returns it: each
 * product (its JSON text or its object) with its id, a list read as one text with its products'
 * ids, and a list filtered to what is in stock. The cache finds the marks in the answer it is
 * about to keep, wherever in the answer they ended up.
 *
 * Marks, not a context around the fill (AsyncLocalStorage): on Node 20 one AsyncLocalStorage in
 * use makes every promise of the process dearer (2.5 times in a loop of awaits), cached reads too.
 */
export interface StockShown {
  products: Set<string>;
  availability: boolean;
}

const productIds = new WeakMap<object, string | readonly string[]>();
const inStockLists = new WeakSet<object>();

/** `value` is the product `id` as read now: an answer holding it shows its stock. */
export function productRead<T extends object>(value: T, id: string): T {
  productIds.set(value, id);
  return value;
}

/**
 * `value` holds the products `ids` as read now, all of them in one piece (a search page's cards
 * as one JSON text): an answer holding it shows the stock of each.
 */
export function productsRead<T extends object>(value: T, ids: readonly string[]): T {
  productIds.set(value, ids);
  return value;
}

/** `list` holds only products in stock: one selling out or coming back changes its members. */
export function inStockOnly<T extends object>(list: T): T {
  inStockLists.add(list);
  return list;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The marks of productRead, productsRead and inStockOnly found in an answer, through its objects and arrays. */
export function stockShownBy(answer: unknown): StockShown {
  const shown: StockShown = { products: new Set(), availability: false };
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    const id = productIds.get(value);
    if (typeof id === 'string') {
      shown.products.add(id);
      return;
    }
    if (id !== undefined) {
      for (const each of id) shown.products.add(each);
      return;
    }
    if (inStockLists.has(value)) shown.availability = true;
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (isPlainObject(value)) for (const item of Object.values(value)) visit(item);
  };
  visit(answer);
  return shown;
}
