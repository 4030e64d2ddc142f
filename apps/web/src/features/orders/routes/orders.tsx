import { formatNaira, ORDER_MESSAGES as M } from '@shop/shared';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyOrders } from '../../account/api/get-my-orders';
import { OrderStatusBadge } from '../../account/components/order-status-badge';
import { TestPaymentsBanner } from '../../payments/components/test-payments-banner';
import { formatOrderDate } from '../order-labels';

/** Every order of the customer, newest first: number, date, status, total and a view link. */
export default function OrdersPage() {
  usePageTitle('My Orders');
  const orders = useMyOrders();
  return (
    <PageContainer>
      <TestPaymentsBanner />
      <PageHeading>My Orders</PageHeading>
      <div className="mt-8">
        <QueryState
          query={{ ...orders, error: orders.error && new Error(M.fetchFailed) }}
          loadingLabel="Loading your orders…"
          isEmpty={(list) => list.length === 0}
          emptyMessage={
            <>
              No orders yet.{' '}
              <Link to={paths.shop.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
                Start Shopping
              </Link>
            </>
          }
        >
          {(list) => (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" aria-label="Your orders">
                <thead className="text-stone-600 dark:text-stone-400">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Order
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Total
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">View</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
                  {list.map((order) => (
                    <tr key={order.id} data-testid="order-row">
                      <td className="py-3 pr-4 font-medium">{order.orderNumber}</td>
                      <td className="py-3 pr-4">{formatOrderDate(order.createdAt)}</td>
                      <td className="py-3 pr-4">
                        <OrderStatusBadge status={order.status} />
                      </td>
                      <td className="py-3 pr-4 tabular-nums">{formatNaira(order.totalAmount)}</td>
                      <td className="py-3 text-right">
                        <Link
                          to={paths.order.href(order.id)}
                          className="font-medium text-wine-700 underline dark:text-wine-300"
                          aria-label={`View order ${order.orderNumber}`}
                        >
                          View
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      </div>
    </PageContainer>
  );
}
