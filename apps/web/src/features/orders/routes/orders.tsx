import { ORDER_MESSAGES as M } from '@shop/shared';
import { Link } from 'react-router';
import { OrdersTable } from '../../../components/orders/orders-table';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyOrders } from '../../account';
import { TestPaymentsBanner } from '../../payments';

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
          {(list) => <OrdersTable orders={list} label="Your orders" />}
        </QueryState>
      </div>
    </PageContainer>
  );
}
