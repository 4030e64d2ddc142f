import {
  formatQuantity,
  isPurchasable,
  LOW_STOCK_THRESHOLD,
  PIECE_TERMS,
  QUANTITY_SCALE,
  type SaleTerms,
} from '@shop/shared';

// Few enough left that a tailor buying for a job should know (LOW_STOCK_THRESHOLD, the admin's
// "low" too): 5 pieces, packs, yards or metres.

/**
 * The stock in the product's unit (hundredths): "Out of stock" when not even the minimum is
 * left, "Only 3.5 yd left" when little is, else "In stock" for pieces and the quantity left
 * for anything sold by length or pack ("37.5 yd left").
 */
export function stockLabel(stockHundredths: number, terms: SaleTerms = PIECE_TERMS): string {
  if (!isPurchasable(terms, stockHundredths)) return 'Out of stock';
  if (stockHundredths <= LOW_STOCK_THRESHOLD * QUANTITY_SCALE)
    return `Only ${formatQuantity(terms, stockHundredths)} left`;
  return terms.unit === 'piece' ? 'In stock' : `${formatQuantity(terms, stockHundredths)} left`;
}

export function StockBadge({ stockHundredths, terms = PIECE_TERMS }: { stockHundredths: number; terms?: SaleTerms }) {
  const tone = !isPurchasable(terms, stockHundredths)
    ? 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200'
    : stockHundredths <= LOW_STOCK_THRESHOLD * QUANTITY_SCALE
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
      : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200';
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${tone}`} data-testid="stock-badge">
      {stockLabel(stockHundredths, terms)}
    </span>
  );
}
