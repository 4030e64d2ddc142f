import {
  formatNaira,
  formatPhoneForDisplay,
  type Order,
  type OrderStatus,
  RECEIPT_MESSAGES as R,
  type ShopInfo,
  STOREFRONT_NAME,
} from '@shop/shared';
import { orderLineQuantity, UnitPricePaid } from '../../../components/orders/order-line';
import { TableHead } from '../../../components/ui/table-head';
import { DELIVERY_METHOD_NAMES, PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '../../../lib/order-labels';
import './receipt.css';

// One order's printable receipt (README "Receipts"), the same for the customer's page and the
// admin's: drawn from the order answer both pages fetch. Its print stylesheet (receipt.css) hides
// the shop's header, footer and buttons and prints black on white, so nothing here carries meaning
// by colour alone: every status is a word.

/** Lagos has no daylight saving: West Africa Time all year. */
const lagosTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** "1 Jun 2025, 11:00 WAT": a receipt's dates in the shop's own time, wherever it is printed. */
export const formatLagosTime = (iso: string) => `${lagosTime.format(new Date(iso))} WAT`;

export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/** The delivery address as lines; the Lagos area (LGA) only when the order has one. */
export function deliveryAddressLines(ship: Order['shippingAddress']): [key: string, line: string][] {
  // Orders placed before the area existed have none.
  const area = ship.area;
  return [
    ['name', `${ship.firstName} ${ship.lastName}`],
    ['address', ship.address],
    ...(area ? [['area', `${area} LGA`] as [string, string]] : []),
    ['city', [ship.city, ship.state, ship.zipCode].filter(Boolean).join(', ')],
    ['country', ship.country],
  ];
}

const labelClass = 'text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400';

function Fact({ label, value, field }: { label: string; value: string; field: string }) {
  return (
    <div className="receipt-row flex justify-between gap-4 py-1">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="text-right font-medium [overflow-wrap:anywhere]" data-field={field}>
        {value}
      </dd>
    </div>
  );
}

/** The shop's address as lines: street and area, then city and state, then country. */
export function shopAddressLines(address: ShopInfo['address']): string[] {
  const city = address.city === address.state ? address.city : `${address.city}, ${address.state}`;
  return [[address.street, address.area].filter(Boolean).join(', '), city, address.country];
}

/**
 * `shop`: the shop's details from its settings (useShopInfo), as they are when it is printed;
 * undefined only when they could not be loaded (the name alone is shown then).
 */
export function Receipt({ order, shop }: { order: Order; shop: ShopInfo | undefined }) {
  const ship = order.shippingAddress;
  const paid = order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED';
  // The payment's reference is the order number (a later attempt's has a suffix).
  const reference = order.paymentReference ?? order.orderNumber;
  return (
    <article
      aria-labelledby="receipt-heading"
      data-receipt
      className="receipt rounded-2xl border border-linen-200 bg-white p-4 text-stone-900 sm:p-8 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="receipt-block flex flex-col gap-6 border-b border-linen-200 pb-6 sm:flex-row sm:justify-between dark:border-stone-700">
        <div>
          <p className="font-display text-2xl font-semibold" data-field="shop-name">
            {shop?.name ?? STOREFRONT_NAME}
          </p>
          {shop && (
            <address className="mt-2 text-sm leading-6 not-italic text-stone-700 dark:text-stone-300">
              {shopAddressLines(shop.address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <span className="block">{formatPhoneForDisplay(shop.phone)}</span>
              <span className="block [overflow-wrap:anywhere]">{shop.email}</span>
            </address>
          )}
        </div>
        <div className="sm:text-right">
          <h1 id="receipt-heading" className="text-3xl font-semibold tracking-tight">
            {R.title}
          </h1>
          <dl className="mt-2 text-sm">
            <div>
              <dt className="inline text-stone-600 dark:text-stone-400">Order number </dt>
              <dd className="inline font-semibold" data-field="order-number">
                {order.orderNumber}
              </dd>
            </div>
            <div>
              <dt className="inline text-stone-600 dark:text-stone-400">Date </dt>
              <dd className="inline" data-field="order-date">
                <time dateTime={order.createdAt}>{formatLagosTime(order.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="inline text-stone-600 dark:text-stone-400">Order status </dt>
              <dd className="inline font-semibold" data-field="order-status">
                {ORDER_STATUS_WORDS[order.status] ?? order.status}
              </dd>
            </div>
          </dl>
        </div>
      </div>

      <div className="receipt-block grid gap-6 border-b border-linen-200 py-6 sm:grid-cols-2 dark:border-stone-700">
        <section aria-labelledby="receipt-customer">
          <h2 id="receipt-customer" className={labelClass}>
            Customer
          </h2>
          <p className="mt-2 text-sm leading-6" data-field="customer">
            {order.user.firstName} {order.user.lastName}
            <br />
            <span className="[overflow-wrap:anywhere]">{order.user.email}</span>
            {ship.phoneNumber ? (
              <>
                <br />
                {ship.phoneNumber}
              </>
            ) : null}
          </p>
        </section>
        <section aria-labelledby="receipt-delivery">
          <h2 id="receipt-delivery" className={labelClass}>
            {order.deliveryMethod === 'PICKUP' ? 'Pickup' : 'Deliver to'}
          </h2>
          <p className="mt-2 text-sm leading-6 [overflow-wrap:anywhere]" data-field="delivery-address">
            {deliveryAddressLines(ship).map(([key, line]) => (
              <span key={key} className="block">
                {line}
              </span>
            ))}
          </p>
        </section>
      </div>

      <section aria-labelledby="receipt-items" className="py-6">
        <h2 id="receipt-items" className={labelClass}>
          Items
        </h2>
        <table className="mt-3 w-full border-collapse text-sm">
          <TableHead
            rowClassName="border-b border-stone-400 text-left dark:border-stone-500"
            cellClassName="py-2 font-semibold"
            columns={[
              { label: 'Item', className: 'pr-2' },
              { label: 'Qty', className: 'px-2 text-right' },
              { label: 'Unit price', className: 'px-2 text-right' },
              { label: 'Total', className: 'pl-2 text-right' },
            ]}
          />
          <tbody>
            {order.items.map((item) => (
              <tr
                key={item.id}
                data-testid="receipt-item"
                className="receipt-row border-b border-linen-200 align-top dark:border-stone-700"
              >
                {/* A floor under the name's width: the unit columns would otherwise squeeze it a letter wide. */}
                <td className="min-w-16 py-2 pr-2 [overflow-wrap:anywhere]">{item.name}</td>
                <td className="px-2 py-2 text-right tabular-nums">{orderLineQuantity(item)}</td>
                <td className="px-2 py-2 text-right tabular-nums">
                  <UnitPricePaid item={item} money={formatNaira} />
                </td>
                {/* The server's line total: a fractional quantity rounds once, there, never here. */}
                <td className="py-2 pl-2 text-right tabular-nums whitespace-nowrap">{formatNaira(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="mt-4 ml-auto max-w-xs text-sm">
          <Fact label="Subtotal" value={formatNaira(order.subtotal)} field="subtotal" />
          <Fact
            label={`Delivery (${DELIVERY_METHOD_NAMES[order.deliveryMethod] ?? order.deliveryMethod})`}
            value={order.deliveryFee === 0 ? 'Free' : formatNaira(order.deliveryFee)}
            field="delivery-fee"
          />
          <div className="receipt-row receipt-total mt-1 flex justify-between gap-4 border-t-2 border-stone-900 pt-2 text-base font-semibold dark:border-stone-100">
            <dt>Total</dt>
            <dd className="tabular-nums" data-field="total">
              {formatNaira(order.totalAmount)}
            </dd>
          </div>
        </dl>
      </section>

      <section
        aria-labelledby="receipt-payment"
        className="receipt-block border-t border-linen-200 pt-6 dark:border-stone-700"
      >
        <h2 id="receipt-payment" className={labelClass}>
          Payment
        </h2>
        <dl className="mt-2 max-w-md text-sm">
          <Fact
            label="Method"
            value={PAYMENT_METHOD_NAMES[order.paymentMethod] ?? order.paymentMethod}
            field="payment-method"
          />
          <Fact
            label="Payment status"
            value={PAYMENT_STATUS_NAMES[order.paymentStatus] ?? order.paymentStatus}
            field="payment-status"
          />
          {paid && order.paidAt ? <Fact label="Paid on" value={formatLagosTime(order.paidAt)} field="paid-at" /> : null}
          {paid ? <Fact label="Reference" value={reference} field="payment-reference" /> : null}
          {paid && order.transactionId ? (
            <Fact label="Transaction id" value={order.transactionId} field="transaction-id" />
          ) : null}
        </dl>
      </section>

      <p className="receipt-block mt-8 text-center text-sm text-stone-600 dark:text-stone-400">
        {R.thankYou}
        {shop ? ` ${formatPhoneForDisplay(shop.phone)} · ${shop.email}` : ''}
      </p>
    </article>
  );
}
