import { formatNaira } from '@shop/shared';
import { Link, Navigate } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../auth/session';
import { useMyOrders } from '../api/get-my-orders';
import { CartSummary } from '../components/cart-summary';
import { OrderStatusBadge } from '../components/order-status-badge';

const RECENT_ORDERS = 5;
const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

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
              <dd className="text-2xl font-semibold">{last ? formatDate(last.createdAt) : '—'}</dd>
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
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-500 dark:text-stone-400">
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
              <tbody>
                {recent.map((order) => (
                  <tr key={order.id} className="border-t border-linen-200 dark:border-stone-800">
                    <td className="py-3 pr-4 font-medium">{order.orderNumber}</td>
                    <td className="py-3 pr-4">{formatDate(order.createdAt)}</td>
                    <td className="py-3 pr-4">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="py-3 pr-4">{formatNaira(order.totalAmount)}</td>
                    <td className="py-3">
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
      </section>
    </PageContainer>
  );
}
