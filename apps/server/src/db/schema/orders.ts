import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { createdAt, id, updatedAt } from './columns';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  address: string;
  city: string;
  state: string;
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
    status: text('status').notNull().default('PENDING'),
    paymentStatus: text('payment_status').notNull().default('UNPAID'),
    deliveryMethod: text('delivery_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    subtotalKobo: integer('subtotal_kobo').notNull(),
    deliveryFeeKobo: integer('delivery_fee_kobo').notNull(),
    totalKobo: integer('total_kobo').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    transactionId: text('transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set once stock has gone back to the shelf, so a cancellation releases it only once. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('orders_unpaid_expiry_idx').on(t.expiresAt),
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
    priceKobo: integer('price_kobo').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

/** Provider events already applied, so a repeated webhook or confirmation changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: id(),
  dedupeKey: text('dedupe_key').notNull().unique(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});
