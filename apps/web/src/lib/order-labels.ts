import {
  type DeliveryMethod,
  type Order,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PaymentStatus,
} from '@shop/shared';

// How the shop names an order's codes and dates: checkout, the order pages and the admin alike.

export const DELIVERY_METHOD_NAMES: Record<DeliveryMethod, string> = {
  PICKUP: 'Store pickup',
  STANDARD: 'Standard delivery',
  REGULAR: 'Regular delivery',
  EXPRESS: 'Express delivery',
};

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = PAYMENT_METHOD_LABELS;

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  UNPAID: 'Unpaid',
  PAID: 'Paid',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** The day an order was placed, as every order list shows it (e.g. 23 Nov 2026). */
export const formatOrderDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatOrderDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** An unpaid order's deadline (`expiresAt`) as the bank transfer details show it; none once paid or cancelled. */
export const paymentDeadline = ({ expiresAt }: Pick<Order, 'expiresAt'>) =>
  expiresAt ? { iso: expiresAt, text: formatOrderDateTime(expiresAt) } : undefined;
