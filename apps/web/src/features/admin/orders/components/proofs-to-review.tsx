import { type AdminOrderPage, formatNaira } from '@shop/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatOrderDateTime } from '../../../../lib/order-labels';

type ProofsToReview = NonNullable<AdminOrderPage['proofsToReview']>;

/**
 * Above the first page of Manage Orders: the bank transfers whose customer sent a proof that
 * nobody has reviewed yet, the one sent first first, each with when it came and the order's
 * deadline. Cards rather than a table: a shop owner reads it on a phone and taps an order.
 * Nothing is shown when none waits.
 */
export function ProofsToReview({ proofs }: { proofs: ProofsToReview }) {
  const id = useId();
  if (proofs.total === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border-2 border-wine-700 bg-white p-4 dark:border-wine-300 dark:bg-stone-900"
      data-testid="proofs-to-review"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Proofs to review ({proofs.total})
      </h3>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        These customers sent a proof of their bank transfer. Check each against the bank statement, then confirm or
        reject it on the order’s page: the oldest first.
        {proofs.orders.length < proofs.total ? ` The ${proofs.orders.length} sent first are shown.` : ''}
      </p>
      <ul className="mt-3 divide-y divide-linen-200 dark:divide-stone-800">
        {proofs.orders.map((order) => (
          <li key={order.id} className="py-3 text-sm" data-testid="proof-to-review">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <Link
                to={paths.adminOrder.href(order.id)}
                className="text-base font-semibold text-wine-700 underline dark:text-wine-300"
              >
                {order.orderNumber}
              </Link>
              <span className="whitespace-nowrap font-medium tabular-nums">{formatNaira(order.totalAmount)}</span>
            </div>
            <p className="break-words">
              {order.user.firstName} {order.user.lastName}
            </p>
            {order.transferProof ? (
              <p className="text-stone-700 dark:text-stone-300">
                Proof sent{' '}
                <time dateTime={order.transferProof.uploadedAt}>
                  {formatOrderDateTime(order.transferProof.uploadedAt)}
                </time>
              </p>
            ) : null}
            {order.expiresAt ? (
              <p className="font-medium text-red-700 dark:text-red-300">
                Deadline <time dateTime={order.expiresAt}>{formatOrderDateTime(order.expiresAt)}</time>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
