import type { DeliveryMethod, OrderStatus, PaymentMethod, PaymentStatus, PodPaymentWay, SaleUnit } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { createdAt, id, updatedAt } from './columns';

/** Why an order was cancelled, in the customer's email, the history and `cancel_reason`. */
export type CancelReason = 'customer' | 'admin' | 'expired' | 'not-confirmed' | 'account-closed' | 'delivery-refused';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  address: string;
  city: string;
  state: string;
  /** The Lagos local government area; absent outside Lagos and on orders placed before it was asked. */
  area?: string | null;
  zipCode: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull().unique(),
    /** Kept when the user is deleted: their past orders remain. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('PENDING'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('UNPAID'),
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    subtotalKobo: integer('subtotal_kobo').notNull(),
    deliveryFeeKobo: integer('delivery_fee_kobo').notNull(),
    totalKobo: integer('total_kobo').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set once stock has gone back to the shelf, so a cancellation releases it only once. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** An unpaid order is cancelled after this and its stock returned: a card order's window, a transfer's deadline. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The client address it was placed from, while it is unpaid and pending (the per-address limit). */
    placedFrom: text('placed_from'),
    /** When the customer was reminded, half-way to a bank transfer's deadline (once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The reference of the latest payment attempt (the order number, then `-2`, `-3`, ...). */
    paymentReference: text('payment_reference'),
    /** How many payment references the order has been given. */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** The provider's last word on the payment ("Approved", "Declined"), shown to the admin. */
    gatewayResponse: text('gateway_response'),
    /** While set in the future, one expiry job is verifying this order; the others skip it. */
    expiryClaimedUntil: timestamp('expiry_claimed_until', { withTimezone: true }),
    /** Pay on delivery (0011): when the shop confirmed the order by phone, and who. */
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    deliveryConfirmedBy: text('delivery_confirmed_by'),
    /** Pay on delivery: the money the rider received, and how (cash, pos, transfer). */
    cashReceivedKobo: integer('cash_received_kobo'),
    cashReceivedHow: text('cash_received_how').$type<PodPaymentWay>(),
    /** Why it was cancelled (CancelReason, 0018): the customer's own cancellations and expiries count toward their limits for a day. */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    /** When a transfer's deadline was put back once because its proof waited for review (0018). */
    holdExtendedAt: timestamp('hold_extended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} IN ('PENDING', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED')`),
    check('orders_payment_status_check', sql`${t.paymentStatus} IN ('UNPAID', 'PAID', 'FAILED', 'REFUNDED')`),
    check('orders_delivery_method_check', sql`${t.deliveryMethod} IN ('PICKUP', 'STANDARD', 'REGULAR', 'EXPRESS')`),
    check(
      'orders_payment_method_check',
      sql`${t.paymentMethod} IN ('card', 'bankTransfer', 'paypal', 'payOnDelivery')`,
    ),
    check(
      'orders_cash_received_check',
      sql`${t.cashReceivedHow} IS NULL OR (${t.cashReceivedHow} IN ('cash', 'pos', 'transfer') AND ${t.cashReceivedKobo} IS NOT NULL AND ${t.cashReceivedKobo} >= 0)`,
    ),
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('orders_unpaid_expiry_idx').on(t.expiresAt),
    // 0006: the admin's list, search and dashboard (orders.repository.ts, dashboard.repository.ts).
    index('orders_number_pattern_idx').using('btree', sql`${t.orderNumber} text_pattern_ops`),
    index('orders_customer_trgm_idx').using(
      'gin',
      sql`(lower(${t.customerEmail} || ' ' || ${t.customerFirstName} || ' ' || ${t.customerLastName})) gin_trgm_ops`,
    ),
    index('orders_states_idx').on(t.status, t.paymentStatus, t.paymentMethod),
    index('orders_customer_email_idx').on(sql`lower(${t.customerEmail})`),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    // The SQL also INCLUDEs (total_kobo, id), which Drizzle cannot say.
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paymentStatus} = 'PAID'`),
    index('orders_transfer_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentMethod} = 'bankTransfer' AND ${t.paymentStatus} = 'UNPAID'`),
    // 0008: what one customer holds in unpaid orders (the hold limits).
    index('orders_user_unpaid_idx').on(t.userId).where(sql`${t.status} = 'PENDING' AND ${t.paymentStatus} = 'UNPAID'`),
    // 0011: a customer's open pay-on-delivery orders.
    index('orders_user_pod_open_idx')
      .on(t.userId)
      .where(
        sql`${t.paymentMethod} = 'payOnDelivery' AND ${t.paymentStatus} = 'UNPAID' AND ${t.status} <> 'CANCELLED'`,
      ),
  ],
);

/** A snapshot of what was bought: later edits or deletions of the product change nothing here. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image'),
    /** The price per unit this line paid, after any price break. */
    priceKobo: integer('price_kobo').notNull(),
    /** Hundredths of the unit of sale (units.ts, migration 0014). */
    quantityHundredths: integer('quantity_hundredths').notNull(),
    unit: text('unit').$type<SaleUnit>().notNull().default('piece'),
    packSize: integer('pack_size'),
    packItemName: text('pack_item_name'),
    /** The price before a break lowered it; null when none did. */
    listPriceKobo: integer('list_price_kobo'),
    /** priceKobo × quantity rounded once, as charged (units.ts lineTotalKobo). */
    lineTotalKobo: bigint('line_total_kobo', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    // Is an uploaded image still shown by an order? (0005_catalog_admin.sql)
    index('order_items_image_idx').on(t.image),
  ],
);

/** Provider events already applied, so a repeated webhook or confirmation changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    /** Event name plus data.id (or data.reference): Paystack events carry no id of their own. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    event: text('event'),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    /** Set once the event has been applied to its order. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Every payment reference an order was given, so a verification or a webhook for any attempt
 * maps back to its order. `reached_provider_at` is set once the provider has seen it: only a
 * reference it never saw may be used again.
 */
export const paymentReferences = pgTable(
  'payment_references',
  {
    reference: text('reference').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reachedProviderAt: timestamp('reached_provider_at', { withTimezone: true }),
    /** The provider's last answer about this reference ('abandoned', 'not found', …), and when. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedStatus: text('checked_status'),
    /** While in the future, a payment start is opening this reference at the provider. */
    initializingUntil: timestamp('initializing_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_references_order_idx').on(t.orderId)],
);

/** What happened to an order, oldest first: who changed which field from what to what, and when. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    /** 'customer', 'admin:<email>', 'provider' or 'system'. */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_history_order_idx').on(t.orderId, t.createdAt),
    check('order_history_field_check', sql`${t.field} IN ('status', 'paymentStatus', 'note')`),
  ],
);
