import { formatNaira } from '@shop/shared';
import type { ReactNode } from 'react';
import type { CartLine } from '../../cart/cart-store';

/** The cart's lines with subtotal, delivery fee and total (computed by checkoutTotals). */
export function OrderSummary({
  lines,
  totals,
  children,
}: {
  lines: readonly CartLine[];
  totals: { subtotal: number; deliveryFee: number; total: number };
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-2xl border border-linen-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul aria-label="Items in your order" className="mt-4 divide-y divide-linen-200 dark:divide-stone-800">
        {lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4 py-2 text-sm">
            <span>
              {line.name} <span className="text-stone-600 dark:text-stone-400">× {line.quantity}</span>
            </span>
            <span className="tabular-nums">{formatNaira((Math.round(line.price * 100) * line.quantity) / 100)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-linen-200 pt-4 text-sm dark:border-stone-800">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums" data-testid="summary-subtotal">
            {formatNaira(totals.subtotal)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery fee</dt>
          <dd className="tabular-nums" data-testid="summary-delivery-fee">
            {totals.deliveryFee === 0 ? 'Free' : formatNaira(totals.deliveryFee)}
          </dd>
        </div>
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="summary-total">
            {formatNaira(totals.total)}
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
