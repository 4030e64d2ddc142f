/**
 * The cart's item count and total, read only. NOTE: the cart (SPEC.md §1: in memory only) is
 * being built in features/cart; until it exports a hook, the summary is an empty cart. Replace
 * the body with the cart hook's count and total when it lands.
 */
export function useCartSummary(): { itemCount: number; total: number } {
  return { itemCount: 0, total: 0 };
}
