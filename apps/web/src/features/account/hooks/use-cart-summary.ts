import { useCart } from '../../cart';

/** The cart's item count and total, read only. */
export function useCartSummary(): { itemCount: number; total: number } {
  const { count, subtotal } = useCart();
  return { itemCount: count, total: subtotal };
}
