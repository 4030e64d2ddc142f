import { formatNaira, type OrderHistoryEntry } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ProductImage } from '../../../../components/ui/product-image';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/use-page-title';
import { OrderStatusBadge } from '../../../account/components/order-status-badge';
import {
  DELIVERY_METHOD_NAMES,
  formatOrderDateTime,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
} from '../../../orders/order-labels';
import { AdminError } from '../../components/admin-error';
import { ScrollRegion, tableClass, tdClass, thClass } from '../../components/list-controls';
import { type AdminOrder, useAdminOrder } from '../api/get-admin-order';
import { awaitsTransfer, ConfirmTransferForm } from '../components/confirm-transfer-form';
import { OrderStatusForm } from '../components/order-status-form';

const cardClasses = 'min-w-0 rounded-2xl border border-linen-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900';

/** One order for an admin: items, customer, shipping, payment and its events, history, status and transfer. */
export default function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  usePageTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');
  return (
    <div className="space-y-6">
      <Link to={paths.adminOrders.href()} className="text-sm font-medium text-wine-700 underline dark:text-wine-300">
        ← All orders
      </Link>
      {order.data ? (
        <OrderDetail order={order.data} />
      ) : order.error ? (
        <AdminError error={order.error} />
      ) : (
        <Spinner label="Loading the order…" />
      )}
    </div>
  );
}

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = `order-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`${cardClasses} ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
          <dd className="min-w-0 font-medium [overflow-wrap:anywhere]" data-field={label}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function OrderDetail({ order }: { order: AdminOrder }) {
  const ship = order.shippingAddress;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="admin-tab-heading" className="text-2xl font-semibold">
          Order {order.orderNumber}
        </h2>
        <span data-testid="order-status">
          <OrderStatusBadge status={order.status} />
        </span>
      </div>
      <p className="text-stone-600 dark:text-stone-300">Placed on {formatOrderDateTime(order.createdAt)}</p>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Change the status" className={cardClasses}>
          <OrderStatusForm key={`${order.status}-${order.paymentStatus}`} order={order} />
        </section>
        {awaitsTransfer(order) ? (
          <section aria-label="Bank transfer" className={cardClasses}>
            <ConfirmTransferForm order={order} />
          </section>
        ) : null}
      </div>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        <Card title="Customer">
          <Facts
            rows={[
              ['Name', `${order.user.firstName} ${order.user.lastName}`],
              ['Email', order.user.email],
            ]}
          />
        </Card>
        <Card title="Shipping">
          <Facts
            rows={[
              ['Name', `${ship.firstName} ${ship.lastName}`],
              ['Address', [ship.address, ship.city, ship.state, ship.zipCode, ship.country].join(', ')],
              ['Phone', ship.phoneNumber ?? '—'],
              ['Email', ship.email],
            ]}
          />
        </Card>
        <Card title="Delivery">
          <Facts
            rows={[
              ['Method', DELIVERY_METHOD_NAMES[order.deliveryMethod]],
              ['Estimate', order.estimatedDelivery],
              ['Fee', order.deliveryFee === 0 ? 'Free' : formatNaira(order.deliveryFee)],
            ]}
          />
        </Card>
        <Card title="Payment">
          <Facts
            rows={[
              ['Method', PAYMENT_METHOD_NAMES[order.paymentMethod]],
              ['Status', PAYMENT_STATUS_NAMES[order.paymentStatus]],
              ['Transaction id', order.transactionId ?? '—'],
              ['Paid on', order.paidAt ? formatOrderDateTime(order.paidAt) : '—'],
            ]}
          />
        </Card>
      </div>

      <Card title="Items">
        <ul className="divide-y divide-linen-200 dark:divide-stone-800">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-4 py-3" data-testid="order-item">
              <ProductImage
                src={item.image ?? undefined}
                alt=""
                sizes="56px"
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-lg bg-linen-100 object-cover dark:bg-stone-800"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{item.name}</p>
                <p className="text-stone-600 dark:text-stone-400">
                  {formatNaira(item.price)} × {item.quantity}
                </p>
              </div>
              <p className="font-semibold tabular-nums">
                {formatNaira((Math.round(item.price * 100) * item.quantity) / 100)}
              </p>
            </li>
          ))}
        </ul>
        <Facts
          rows={[
            ['Subtotal', formatNaira(order.subtotal)],
            ['Delivery fee', order.deliveryFee === 0 ? 'Free' : formatNaira(order.deliveryFee)],
            ['Total', formatNaira(order.totalAmount)],
          ]}
        />
      </Card>

      <Card title="Payment events">
        {order.paymentEvents && order.paymentEvents.length > 0 ? (
          <ScrollRegion label="Payment events table">
            <table className={tableClass} aria-label="Payment events">
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    Time
                  </th>
                  <th scope="col" className={thClass}>
                    Event
                  </th>
                  <th scope="col" className={thClass}>
                    Reference
                  </th>
                  <th scope="col" className={thClass}>
                    Amount
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
                {order.paymentEvents.map((event) => (
                  <tr key={event.id} data-testid="payment-event">
                    <td className={`${tdClass} whitespace-nowrap`}>{formatOrderDateTime(event.createdAt)}</td>
                    <td className={tdClass}>{event.event}</td>
                    <td className={`${tdClass} break-all`}>{event.reference ?? '—'}</td>
                    <td className={`${tdClass} tabular-nums`}>
                      {event.amount === null ? '—' : formatNaira(event.amount)}
                    </td>
                    <td className={tdClass}>{event.status ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p className="text-stone-600 dark:text-stone-400">No payment events.</p>
        )}
      </Card>

      <Card title="History">
        {order.history && order.history.length > 0 ? (
          <ol className="space-y-3 border-l-2 border-linen-200 pl-4 dark:border-stone-700" data-testid="order-history">
            {order.history.map((entry) => (
              <li key={entry.id}>
                <p className="font-medium">{describeChange(entry)}</p>
                <p className="text-stone-600 dark:text-stone-400">
                  <time dateTime={entry.createdAt}>{formatOrderDateTime(entry.createdAt)}</time> ·{' '}
                  {actorName(entry.actor)}
                </p>
                {entry.note && entry.field !== 'note' ? <p className="mt-1 break-words">{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-stone-600 dark:text-stone-400">No changes yet.</p>
        )}
      </Card>
    </>
  );
}

const FIELD_NAMES: Record<OrderHistoryEntry['field'], string> = {
  status: 'Status',
  paymentStatus: 'Payment',
  note: 'Note',
};

/** "Status: PENDING → SHIPPED", or a note (a refund, a confirmed transfer) as it was written. */
export function describeChange(entry: OrderHistoryEntry): string {
  if (entry.field === 'note') return entry.note ?? '';
  const change = entry.from ? `${entry.from} → ${entry.to ?? ''}` : (entry.to ?? '');
  return `${FIELD_NAMES[entry.field]}: ${change}`;
}

/** Who made a change: 'customer', 'admin:<email>', 'provider' or 'system'. */
export function actorName(actor: string): string {
  if (actor.startsWith('admin:')) return `Admin ${actor.slice('admin:'.length)}`;
  if (actor === 'provider') return 'Paystack';
  if (actor === 'customer') return 'Customer';
  if (actor === 'system') return 'System';
  return actor;
}
