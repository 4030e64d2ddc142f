// Few enough left that a tailor buying for a job should know.
export const LOW_STOCK_THRESHOLD = 5;

export function stockLabel(stock: number): string {
  if (stock <= 0) return 'Out of stock';
  if (stock <= LOW_STOCK_THRESHOLD) return `Only ${stock} left`;
  return 'In stock';
}

export function StockBadge({ stock }: { stock: number }) {
  const tone =
    stock <= 0
      ? 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200'
      : stock <= LOW_STOCK_THRESHOLD
        ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
        : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200';
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${tone}`}>{stockLabel(stock)}</span>
  );
}
