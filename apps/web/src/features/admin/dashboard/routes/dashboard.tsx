import {
  type Dashboard,
  formatNaira,
  formatQuantity,
  ORDER_STATUSES,
  parseQuantity,
  STOCK_ALERT_MESSAGES,
  waitingText,
} from '@shop/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../../components/orders/order-status-badge';
import { TableHead } from '../../../../components/ui/table-head';
import { paths } from '../../../../config/paths';
import { PAYMENT_STATUS_NAMES } from '../../../../lib/order-labels';
import { usePageTitle } from '../../../../lib/use-page-title';
import { AdminQueryState } from '../../components/admin-query-state';
import { ScrollRegion, tdClass, thClass } from '../../components/list-controls';
import { useDashboard } from '../api/get-dashboard';
import { formatDay } from '../format-day';

// The chart library loads after the figures, in its own chunk.
const RevenueChart = lazy(() => import('../components/revenue-chart'));

const panelClass = 'min-w-0 rounded-2xl border border-linen-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900';
const urgentPanelClass =
  'min-w-0 rounded-2xl border-2 border-wine-700 bg-white p-5 dark:border-wine-300 dark:bg-stone-900';
const linkClass = 'font-medium text-wine-700 underline dark:text-wine-300';

// dashboardSchema says how each line is sold: its stock and quantities are in that unit (12.5 yards).
type StockLine = Dashboard['lowStock'][number];
type SaleWords = Pick<StockLine, 'unit' | 'packSize' | 'packItemName'>;

/** A quantity of a line's unit as the shop writes it: "12.5 yd", "3 packs (36 buttons)", "6". */
function quantityOf(line: SaleWords, quantity: number): string {
  const hundredths = parseQuantity(quantity);
  if (hundredths === null) return String(quantity);
  return formatQuantity(line, hundredths);
}

/** Out of stock: nothing left, or less than one line's minimum. */
function isOut(line: StockLine): boolean {
  const hundredths = parseQuantity(line.stock) ?? 0;
  const min = parseQuantity(line.minQuantity);
  return hundredths <= 0 || (min !== null && hundredths < min);
}

/** "Out of stock", "Out of stock (0.5 yd left)", "4.5 yd left". */
function stockText(line: StockLine): string {
  if (!isOut(line)) return `${quantityOf(line, line.stock)} left`;
  return line.stock > 0 ? `Out of stock (${quantityOf(line, line.stock)} left)` : 'Out of stock';
}

/**
 * The shop at a glance: first what waits for the shop (proofs to review, pay-on-delivery orders to
 * confirm by phone), then 30 days of sales, orders by status, best sellers and stock to refill.
 */
export default function AdminDashboardPage() {
  usePageTitle('Dashboard');
  const dashboard = useDashboard();
  return (
    <section aria-labelledby="admin-tab-heading" className="space-y-6">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        Dashboard
      </h2>
      <AdminQueryState query={dashboard} loadingLabel="Loading the dashboard…">
        {(data) => <DashboardBody data={data} />}
      </AdminQueryState>
    </section>
  );
}

function Figure({
  label,
  value,
  testId,
  urgent = false,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  /** Something waits for the shop: the card stands out. */
  urgent?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={urgent ? urgentPanelClass : panelClass}>
      <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {children ? <dd className="mt-2 text-sm">{children}</dd> : null}
    </div>
  );
}

/** "Edit", named for its product, to the product's edit page. */
function EditProductLink({ product }: { product: { id: string; name: string } }) {
  return (
    <Link to={paths.editProduct.href(product.id)} className={linkClass} aria-label={`Edit ${product.name}`}>
      Edit
    </Link>
  );
}

function Panel({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`${panelClass} ${className}`}>
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {/* First: what the shop must act on before a deadline passes. */}
        <Figure
          label="Transfer proofs to review"
          value={String(data.proofsToReview)}
          testId="dashboard-proofs-to-review"
          urgent={data.proofsToReview > 0}
        >
          {/* The orders list shows them above its first page, oldest first. */}
          <Link to={paths.adminOrders.href()} className={linkClass}>
            Review proofs
          </Link>
        </Figure>
        <Figure
          label="Pay-on-delivery orders to confirm by phone"
          value={String(data.payOnDeliveryToConfirm)}
          testId="dashboard-pay-on-delivery-to-confirm"
          urgent={data.payOnDeliveryToConfirm > 0}
        >
          <Link to={`${paths.adminOrders.href()}?status=PENDING&paymentMethod=payOnDelivery`} className={linkClass}>
            See orders to confirm
          </Link>
        </Figure>
        <Figure label="Revenue, last 30 days" value={formatNaira(data.revenue)} testId="dashboard-revenue" />
        <Figure label="Paid orders, last 30 days" value={String(data.paidOrders)} testId="dashboard-paid-orders" />
        <Figure label="Average order value" value={formatNaira(data.averageOrderValue)} testId="dashboard-average" />
        <Figure
          label="Bank transfers awaiting confirmation"
          value={String(data.transfersAwaiting)}
          testId="dashboard-transfers"
        >
          {/* Unpaid bank-transfer orders are the pending ones of that method. */}
          <Link to={`${paths.adminOrders.href()}?status=PENDING`} className={linkClass}>
            See pending orders
          </Link>
        </Figure>
        <Figure
          label="Pay on delivery awaiting payment"
          value={String(data.payOnDeliveryAwaiting)}
          testId="dashboard-pay-on-delivery"
        >
          <Link to={`${paths.adminOrders.href()}?paymentMethod=payOnDelivery`} className={linkClass}>
            See pay-on-delivery orders
          </Link>
        </Figure>
      </dl>

      <Panel id="dashboard-revenue-chart" title="Revenue by day (last 30 days)">
        <Suspense fallback={<div className="h-64 w-full animate-pulse rounded-lg bg-linen-100 dark:bg-stone-800" />}>
          <RevenueChart days={data.revenueByDay} />
        </Suspense>
        <details className="mt-3">
          <summary className="cursor-pointer font-medium text-wine-700 dark:text-wine-300">
            Revenue by day as a table
          </summary>
          <ScrollRegion label="Revenue by day, scrollable" className="mt-2 max-h-80 overflow-y-auto">
            <table className="w-full text-left" aria-label="Revenue by day">
              <TableHead cellClassName={thClass} columns={['Day', 'Paid orders', 'Revenue']} />
              <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
                {data.revenueByDay.map((day) => (
                  <tr key={day.date}>
                    <td className={tdClass}>{formatDay(day.date)}</td>
                    <td className={`${tdClass} tabular-nums`}>{day.orders}</td>
                    <td className={`${tdClass} tabular-nums`}>{formatNaira(day.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      </Panel>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Panel id="dashboard-by-status" title="Orders by status">
          <ul className="space-y-2" aria-label="Orders by status">
            {ORDER_STATUSES.map((status) => (
              <li key={status} className="flex items-center justify-between gap-3" data-testid={`status-${status}`}>
                <Link to={`${paths.adminOrders.href()}?status=${status}`} aria-label={`${status} orders`}>
                  <OrderStatusBadge status={status} />
                </Link>
                <span className="tabular-nums">{data.ordersByStatus[status] ?? 0}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-stone-600 dark:text-stone-400">
            Payments:{' '}
            {Object.entries(PAYMENT_STATUS_NAMES)
              .map(
                ([status, name]) =>
                  `${name} ${data.ordersByPaymentStatus[status as keyof typeof PAYMENT_STATUS_NAMES] ?? 0}`,
              )
              .join(' · ')}
          </p>
        </Panel>

        <Panel id="dashboard-top-products" title="Top products by revenue">
          {data.topProducts.length === 0 ? (
            <p className="text-stone-600 dark:text-stone-400">No sales in the last 30 days.</p>
          ) : (
            <table className="w-full text-left" aria-label="Top products by revenue">
              <TableHead cellClassName={thClass} columns={['Product', 'Sold', 'Revenue']} />
              <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
                {data.topProducts.map((product) => (
                  <tr key={product.productId ?? product.name}>
                    <td className={`${tdClass} break-words`}>{product.name}</td>
                    {/* "13 packs (156 buttons)" may wrap between its words on a phone; the amount never. */}
                    <td className={`${tdClass} tabular-nums`}>{quantityOf(product, product.quantity)}</td>
                    <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatNaira(product.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>

        <Panel id="dashboard-low-stock" title="Low and out of stock">
          <p className="text-stone-600 dark:text-stone-400" data-testid="dashboard-stock-counts">
            {data.outOfStockCount} out of stock · {data.lowStockCount} low
          </p>
          {data.lowStock.length === 0 ? (
            <p className="mt-2">Every product is well stocked.</p>
          ) : (
            <ul className="mt-2 divide-y divide-linen-200 dark:divide-stone-800" aria-label="Products to restock">
              {data.lowStock.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2" data-testid="low-stock">
                  <span className="min-w-0 break-words">
                    {product.name}{' '}
                    <span
                      className={
                        isOut(product)
                          ? 'font-semibold text-red-700 dark:text-red-300'
                          : 'text-stone-600 dark:text-stone-400'
                      }
                    >
                      {stockText(product)}
                    </span>
                    {product.waiting > 0 && (
                      <span className="text-wine-800 dark:text-wine-200"> · {waitingText(product.waiting)}</span>
                    )}
                  </span>
                  <EditProductLink product={product} />
                </li>
              ))}
            </ul>
          )}
        </Panel>

        {/* Open back-in-stock alerts per product: who is waiting (decision 031). */}
        <Panel id="dashboard-waiting" title={STOCK_ALERT_MESSAGES.dashboardHeading}>
          {data.waitingForRestock.length === 0 ? (
            <p className="text-stone-600 dark:text-stone-400">{STOCK_ALERT_MESSAGES.dashboardEmpty}</p>
          ) : (
            <ul
              className="divide-y divide-linen-200 dark:divide-stone-800"
              aria-label={STOCK_ALERT_MESSAGES.dashboardHeading}
            >
              {data.waitingForRestock.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2" data-testid="waiting">
                  <span className="min-w-0 break-words">
                    {product.name}{' '}
                    <span className="font-semibold text-wine-800 dark:text-wine-200">
                      {waitingText(product.waiting)}
                    </span>
                  </span>
                  <EditProductLink product={product} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
