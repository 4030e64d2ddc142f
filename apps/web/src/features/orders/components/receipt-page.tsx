import { type Order, RECEIPT_MESSAGES as R } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShopInfoQuery } from '../../shop-info';
import { Receipt } from './receipt';

/**
 * A receipt page: "Back to the order" and "Print receipt" above the receipt. Both are left out
 * of the print (receipt.css), as are the shop's header and footer. `failure` draws a failed load
 * the way the page's own order page does (the customer's 'Order Not Found', the admin's error).
 */
export function ReceiptPage({
  order,
  backHref,
  failure,
}: {
  order: UseQueryResult<Order>;
  backHref: string;
  failure: (error: Error) => ReactNode;
}) {
  usePageTitle(order.data ? `${R.title} ${order.data.orderNumber}` : R.title);
  // A receipt waits for the shop's details of the day; if they cannot be had, it is printed without.
  const shopInfo = useShopInfoQuery();
  const shop = shopInfo.data;
  const ready = order.data && (shop !== undefined || shopInfo.isError);
  let body: ReactNode;
  if (order.data && ready) body = <Receipt order={order.data} shop={shop} />;
  else if (order.error) body = failure(order.error);
  else body = <Spinner label={R.loading} />;
  return (
    <div data-receipt-page className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <div data-print-hidden className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link to={backHref} className="text-sm font-medium text-wine-700 underline dark:text-wine-300">
          ← {R.backToOrder}
        </Link>
        {ready ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="hidden text-sm text-stone-600 sm:block dark:text-stone-300">{R.printHint}</p>
            <Button onClick={() => window.print()}>{R.printReceipt}</Button>
          </div>
        ) : null}
      </div>
      {body}
    </div>
  );
}
