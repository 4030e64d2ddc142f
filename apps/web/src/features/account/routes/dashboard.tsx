import { Link, Navigate } from 'react-router';
import { OrdersTable } from '../../../components/orders/orders-table';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatOrderDate } from '../../../lib/order-labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../auth';
import { useMyOrders } from '../api/get-my-orders';
import { CartSummary } from '../components/cart-summary';

const RECENT_ORDERS = 5;

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user, isAdmin } = useSession();
  const orders = useMyOrders();
  // SPEC.md §2: an admin's dashboard is the admin area.
  if (isAdmin) return <Navigate to={paths.admin.href()} replace />;
  if (!user) return null;

  const list = orders.data ?? [];
  const recent = list.slice(0, RECENT_ORDERS);
  const last = list[0];

  return (
    <PageContainer>
      <PageHeading>Welcome back, {user.firstName}!</PageHeading>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Your cart and your most recent orders at a glance.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <CartSummary showCheckout />
        <section
          aria-labelledby="orders-stats-heading"
          className="rounded-2xl border border-linen-200 bg-white p-6 lg:col-span-2 dark:border-stone-800 dark:bg-stone-900"
        >
          <h2 id="orders-stats-heading" className="text-lg font-semibold">
            Your orders
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-stone-500 dark:text-stone-400">Orders</dt>
              <dd className="text-2xl font-semibold" data-testid="order-count">
                {orders.isPending ? '…' : list.length}
              </dd>
            </div>
            <div>
              <dt className="text-stone-500 dark:text-stone-400">Last order</dt>
              <dd className="text-2xl font-semibold">{last ? formatOrderDate(last.createdAt) : '—'}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="recent-orders-heading" className="mt-10">
        <div className="flex items-center justify-between">
          <h2 id="recent-orders-heading" className="text-xl font-semibold">
            Recent orders
          </h2>
          <Link to={paths.orders.href()} className="text-sm font-medium text-wine-700 underline dark:text-wine-300">
            All orders
          </Link>
        </div>
        {orders.isPending ? (
          <Spinner label="Loading your orders…" />
        ) : orders.isError ? (
          <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
            Failed to fetch orders
          </p>
        ) : recent.length === 0 ? (
          <p className="mt-4 text-stone-600 dark:text-stone-300">
            No orders yet.{' '}
            <Link to={paths.shop.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
              Start Shopping
            </Link>
          </p>
        ) : (
          <div className="mt-4">
            <OrdersTable orders={recent} label="Recent orders" />
          </div>
        )}
      </section>
    </PageContainer>
  );
}
