import { formatNaira, type OrderHistoryEntry } from '@shop/shared';
import { Link, useParams } from 'react-router';
import { OrderStatusBadge } from '../../../../components/orders/order-status-badge';
import { Spinner } from '../../../../components/ui/spinner';
import { TableHead } from '../../../../components/ui/table-head';
import { paths } from '../../../../config/paths';
import {
  DELIVERY_METHOD_NAMES,
  formatOrderDateTime,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
} from '../../../../lib/order-labels';
import { usePageTitle } from '../../../../lib/use-page-title';
import {
  deliveryFeeText,
  OrderCard,
  OrderFacts,
  OrderItemsList,
  orderCardClasses,
  PayOnDeliverySteps,
  ReceiptLink,
  shippingAddressLine,
} from '../../../orders';
import { PaymentChannel } from '../../../payments';
import { AdminError } from '../../components/admin-error';
import { ScrollRegion, tableClass, tdClass, thClass } from '../../components/list-controls';
import { type AdminOrder, useAdminOrder } from '../api/get-admin-order';
import { awaitsTransfer, ConfirmTransferForm } from '../components/confirm-transfer-form';
import { OrderStatusForm } from '../components/order-status-form';
import { awaitsPayOnDelivery, PayOnDeliveryPanel } from '../components/pay-on-delivery-panel';
import { TransferProofPanel } from '../components/transfer-proof-panel';

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
      <ReceiptLink href={paths.adminOrderReceipt.href(order.id)} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Change the status" className={orderCardClasses(true)}>
          <OrderStatusForm key={`${order.status}-${order.paymentStatus}`} order={order} />
        </section>
        {awaitsTransfer(order) ? (
          <section aria-label="Bank transfer" className={orderCardClasses(true)}>
            <ConfirmTransferForm order={order} />
          </section>
        ) : null}
        {order.transferProof ? (
          <div className={orderCardClasses(true)}>
            <TransferProofPanel order={order} />
          </div>
        ) : null}
        {awaitsPayOnDelivery(order) ? (
          <section aria-label="Settle pay on delivery" className={orderCardClasses(true)}>
            <PayOnDeliveryPanel order={order} />
          </section>
        ) : null}
      </div>
      <PayOnDeliverySteps order={order} className="" />

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        <OrderCard id="order-customer" title="Customer" compact>
          <OrderFacts
            rows={[
              ['Name', `${order.user.firstName} ${order.user.lastName}`],
              ['Email', order.user.email],
            ]}
          />
        </OrderCard>
        <OrderCard id="order-shipping" title="Shipping" compact>
          <OrderFacts
            rows={[
              ['Name', `${ship.firstName} ${ship.lastName}`],
              ['Address', shippingAddressLine(ship)],
              ['Phone', ship.phoneNumber ?? '—'],
              ['Email', ship.email],
            ]}
          />
        </OrderCard>
        <OrderCard id="order-delivery" title="Delivery" compact>
          <OrderFacts
            rows={[
              ['Method', DELIVERY_METHOD_NAMES[order.deliveryMethod]],
              ['Estimate', order.estimatedDelivery],
              ['Fee', deliveryFeeText(order.deliveryFee)],
            ]}
          />
        </OrderCard>
        <OrderCard id="order-payment" title="Payment" compact>
          <OrderFacts
            rows={[
              ['Method', PAYMENT_METHOD_NAMES[order.paymentMethod]],
              ['Status', PAYMENT_STATUS_NAMES[order.paymentStatus]],
              ['Transaction id', order.transactionId ?? '—'],
              ['Paid on', order.paidAt ? formatOrderDateTime(order.paidAt) : '—'],
            ]}
          />
        </OrderCard>
      </div>

      <OrderCard id="order-items" title="Items" compact>
        <OrderItemsList items={order.items} compact />
        <OrderFacts
          rows={[
            ['Subtotal', formatNaira(order.subtotal)],
            ['Delivery fee', deliveryFeeText(order.deliveryFee)],
            ['Total', formatNaira(order.totalAmount)],
          ]}
        />
      </OrderCard>

      <OrderCard id="order-payment-events" title="Payment events" compact>
        {order.paymentEvents && order.paymentEvents.length > 0 ? (
          <ScrollRegion label="Payment events table">
            <table className={tableClass} aria-label="Payment events">
              <TableHead cellClassName={thClass} columns={['Time', 'Event', 'Reference', 'Amount', 'Status']} />
              <tbody className="divide-y divide-linen-200 dark:divide-stone-800">
                {order.paymentEvents.map((event) => (
                  <tr key={event.id} data-testid="payment-event">
                    <td className={`${tdClass} whitespace-nowrap`}>{formatOrderDateTime(event.createdAt)}</td>
                    <td className={tdClass}>
                      {event.event}
                      <PaymentChannel channel={event.channel} />
                    </td>
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
      </OrderCard>

      <OrderCard id="order-history" title="History" compact>
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
      </OrderCard>
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
