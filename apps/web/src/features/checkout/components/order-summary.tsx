import { formatNaira, perUnitSuffix } from '@shop/shared';
import type { ReactNode } from 'react';
import { formatLineTotal, priceCartLine } from '../../../lib/line-price';
import { type CartLine, lineTerms, quantityWords } from '../../cart';

/**
 * The cart's lines, each with its quantity in its unit, the unit price it pays and its total
 * (priceLineKobo, as the server charges), then subtotal, delivery fee and total (checkoutTotals).
 * `lineProblems` holds the server's word on a line's quantity, by product id, shown under it.
 */
export function OrderSummary({
  lines,
  totals,
  lineProblems = {},
  children,
}: {
  lines: readonly CartLine[];
  totals: { subtotal: number; deliveryFee: number; total: number };
  lineProblems?: Readonly<Record<string, string>>;
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
        {lines.map((line) => {
          const terms = lineTerms(line);
          const priced = priceCartLine(line);
          const problem = lineProblems[line.productId];
          return (
            <li key={line.productId} className="py-2 text-sm" data-testid="summary-line">
              <div className="flex justify-between gap-4">
                <span>
                  {line.name}{' '}
                  <span className="text-stone-600 dark:text-stone-400" data-testid="summary-line-quantity">
                    {`× ${quantityWords(terms, line.hundredths)}`}
                  </span>
                </span>
                <span className="tabular-nums" data-testid="summary-line-total">
                  {formatLineTotal(priced)}
                </span>
              </div>
              <p className="text-stone-600 dark:text-stone-400" data-testid="summary-line-price">
                {formatNaira(priced.unitPriceKobo / 100)}
                {perUnitSuffix(terms)}
                {terms.unit === 'piece' ? ' each' : ''}
                {priced.listPriceKobo !== null && (
                  <>
                    {' '}
                    <del>
                      <span className="sr-only">was </span>
                      {formatNaira(priced.listPriceKobo / 100)}
                    </del>
                  </>
                )}
              </p>
              {problem && (
                <p className="mt-1 font-medium text-red-700 dark:text-red-300" data-testid="summary-line-problem">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
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
