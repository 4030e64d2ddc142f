import { formatNaira, ORDER_MESSAGES as M, type Order, type OrderHistoryEntry } from '@shop/shared';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormMessage } from '../../../components/ui/form-message';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { messageFor } from '../../../lib/error-message';
import {
  DELIVERY_METHOD_NAMES,
  formatOrderDate,
  formatOrderDateTime,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
  paymentDeadline,
} from '../../../lib/order-labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { BankTransferDetails, TestPaymentsBanner, usePayOrder } from '../../payments';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import {
  deliveryFeeText,
  OrderCard,
  OrderFacts,
  OrderItemsList,
  orderCardClasses,
  shippingAddressLine,
} from '../components/order-detail-cards';
import { OrderWhatsAppLink } from '../components/order-whatsapp-link';
import { PayOnDeliverySteps } from '../components/pay-on-delivery-steps';
import { ReceiptLink } from '../components/receipt-link';
import { TransferProofUpload } from '../components/transfer-proof-upload';

const FETCH_FAILED = 'Failed to fetch order details';
/** A cancellation that got no answer from the shop, or a fault on its side. */
const CANCEL_FAILED = 'We could not cancel your order. Please try again.';

/** SPEC.md §2: shipping, payment and summary cards, the items, the status and the history. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  usePageTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order Details');

  let body: ReactNode;
  if (order.data) body = <OrderDetails order={order.data} />;
  else if (order.error) {
    // SPEC.md §8: a wrong or someone else's id is 'Order Not Found'; other failures say so.
    const notFound = order.error instanceof ApiError && order.error.code === 'NOT_FOUND';
    body = (
      <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <PageHeading>{notFound ? M.orderNotFound : FETCH_FAILED}</PageHeading>
        <p role="alert" className="text-stone-700 dark:text-stone-300">
          {notFound ? M.orderNotFoundDetail : order.error.message || FETCH_FAILED}
        </p>
        <Link to={paths.orders.href()} className={buttonClasses('primary')}>
          My Orders
        </Link>
      </div>
    );
  } else body = <Spinner label="Loading your order…" />;

  return (
    <PageContainer>
      <TestPaymentsBanner />
      {body}
    </PageContainer>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const { pay, pending, error } = usePayOrder();
  const cancel = useCancelOrder(order.id);
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string>();
  // Where focus goes once the order is cancelled and its Cancel order button is gone.
  const heading = useRef<HTMLDivElement>(null);
  // Only a pending, unpaid order can be paid or cancelled by its customer.
  const unpaid = order.paymentStatus === 'UNPAID' && order.status === 'PENDING';
  const ship = order.shippingAddress;

  const confirmCancel = async () => {
    setCancelError(undefined);
    try {
      const { message } = await cancel.mutateAsync();
      toast.success(message);
    } catch (failure) {
      setCancelError(
        failure instanceof ApiError && failure.code === 'PAYMENT_PROVIDER_UNAVAILABLE'
          ? M.providerUnavailable
          : messageFor(failure, { fallback: CANCEL_FAILED, network: CANCEL_FAILED }),
      );
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <div ref={heading} tabIndex={-1} className="flex flex-wrap items-center gap-4 outline-none">
        <PageHeading>Order {order.orderNumber}</PageHeading>
        <span data-testid="order-status">
          <OrderStatusBadge status={order.status} />
        </span>
      </div>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Placed on {formatOrderDate(order.createdAt)}</p>
      <ReceiptLink href={paths.orderReceipt.href(order.id)} />
      <OrderWhatsAppLink order={order} />

      {unpaid && order.paymentMethod === 'card' && (
        <div className="mt-6 flex flex-wrap items-center gap-4 rounded-2xl border border-gold-300 bg-gold-100 p-4 text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100">
          <p className="flex-1">This order is not paid yet.</p>
          <Button disabled={pending || cancel.isPending} onClick={() => pay(order)}>
            {pending ? 'Payment in progress…' : 'Pay now'}
          </Button>
          {error && (
            <div className="w-full">
              <FormMessage kind="error">{error}</FormMessage>
            </div>
          )}
        </div>
      )}
      {unpaid && order.paymentMethod === 'bankTransfer' && (
        <div className={`mt-6 ${orderCardClasses()}`}>
          <BankTransferDetails
            orderNumber={order.orderNumber}
            amount={order.totalAmount}
            deadline={paymentDeadline(order)}
          />
        </div>
      )}
      <TransferProofUpload order={order} />
      <PayOnDeliverySteps order={order} />
      {cancelError && (
        <div className="mt-6">
          <FormMessage kind="error">{cancelError}</FormMessage>
        </div>
      )}
      {unpaid && (
        <div className="mt-4 flex justify-end">
          <Button
            variant="dangerOutline"
            disabled={pending || cancel.isPending}
            onClick={() => {
              setCancelError(undefined);
              setConfirming(true);
            }}
          >
            {M.cancelOrder}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={M.cancelConfirmTitle}
        confirmLabel={M.cancelOrder}
        cancelLabel={M.keepOrder}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
        fallbackFocus={heading}
      >
        {M.cancelConfirmBody(order.orderNumber)}
      </ConfirmDialog>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <OrderCard id="shipping-heading" title="Shipping">
          <OrderFacts
            rows={[
              ['Name', `${ship.firstName} ${ship.lastName}`, 'name'],
              ['Address', shippingAddressLine(ship), 'address'],
              ['Phone', ship.phoneNumber ?? '—', 'phone'],
              ['Email', ship.email, 'email'],
              ['Delivery', DELIVERY_METHOD_NAMES[order.deliveryMethod], 'delivery-method'],
              ['Estimated delivery', order.estimatedDelivery, 'estimated-delivery'],
            ]}
          />
        </OrderCard>
        <OrderCard id="payment-heading" title="Payment">
          <OrderFacts
            rows={[
              ['Method', PAYMENT_METHOD_NAMES[order.paymentMethod], 'payment-method'],
              ['Status', PAYMENT_STATUS_NAMES[order.paymentStatus], 'payment-status'],
              ['Transaction id', order.transactionId ?? '—', 'transaction-id'],
              ['Paid on', order.paidAt ? formatOrderDateTime(order.paidAt) : '—', 'paid-at'],
            ]}
          />
        </OrderCard>
        <OrderCard id="summary-heading" title="Summary">
          <OrderFacts
            rows={[
              ['Subtotal', formatNaira(order.subtotal), 'subtotal'],
              ['Delivery fee', deliveryFeeText(order.deliveryFee), 'delivery-fee'],
              ['Total', formatNaira(order.totalAmount), 'total'],
            ]}
          />
        </OrderCard>
      </div>

      <section aria-labelledby="items-heading" className={`mt-8 ${orderCardClasses()}`}>
        <h2 id="items-heading" className="text-lg font-semibold">
          Items
        </h2>
        <OrderItemsList items={order.items} className="mt-4" />
      </section>

      {order.history && order.history.length > 0 && (
        <section aria-labelledby="history-heading" className={`mt-8 ${orderCardClasses()}`}>
          <h2 id="history-heading" className="text-lg font-semibold">
            Order history
          </h2>
          <ol className="mt-4 space-y-2 text-sm" data-testid="order-history">
            {order.history.map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-3">
                <time dateTime={entry.createdAt} className="text-stone-600 dark:text-stone-400">
                  {formatOrderDateTime(entry.createdAt)}
                </time>
                <span>{describeHistory(entry)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

const HISTORY_FIELDS: Record<OrderHistoryEntry['field'], string> = {
  status: 'Status',
  paymentStatus: 'Payment',
  note: 'Note',
};

/** "Status: PENDING → PROCESSING", "Payment: UNPAID → PAID", or the note itself. */
export function describeHistory(entry: OrderHistoryEntry): string {
  if (entry.field === 'note') return entry.note ?? '';
  const change = entry.from ? `${entry.from} → ${entry.to ?? ''}` : (entry.to ?? '');
  return `${HISTORY_FIELDS[entry.field]}: ${change}${entry.note ? ` (${entry.note})` : ''}`;
}
