// Naira for display. Amounts arrive from the API as naira numbers with at most 2 decimals.
const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** `1500` → `₦1,500.00` */
export function formatNaira(amount: number): string {
  return nairaFormat.format(amount);
}
