// The admin's side of orders (SPEC.md §2 Manage Orders, §4, API.md Orders): an order's payment
// events, confirming a bank transfer, the CSV export, and the sales dashboard.

import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './constants';
import { NAIRA_AMOUNT_PATTERN, PRICE_NAIRA_MAX } from './money';
import { text } from './text';
import { SALE_UNITS } from './units';

// ---------- Order detail, for admins (GET /api/orders/{id} adds `paymentEvents` for an admin) ----------

export const paymentEventSchema = z.object({
  id: z.string(),
  /** The provider's event (`charge.success`, `refund.processed`, …) or `transfer.confirmed`. */
  event: z.string(),
  reference: z.string().nullable(),
  /** Naira. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  status: z.string().nullable(),
  /** How the provider took the money (`card`, `bank_transfer`, `ussd`, …), when the event says. */
  channel: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

// ---------- PATCH /api/orders/{id}/status ----------
// `{status}` as API.md, plus an optional staff `note`. Setting CANCELLED on a paid card order
// refunds it through the payment provider; the refund is written to the history and the payment
// status becomes REFUNDED.

export const adminOrderStatusRequestSchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  note: text(500, { multiline: true }).optional(),
});
export type AdminOrderStatusRequest = z.input<typeof adminOrderStatusRequestSchema>;

// ---------- PATCH /api/orders/{id}/confirm-transfer ----------

export const ORDER_ADMIN_MESSAGES = {
  amountRequired: 'Amount received is required',
  amountInvalid: 'Amount received must be an amount in naira with at most 2 decimals',
  amountShort: (received: string, total: string) =>
    `The amount received (${received}) is less than the order total (${total})`,
  notBankTransfer: 'Only a bank-transfer order can be confirmed this way',
  transferConfirmed: 'Bank transfer confirmed: the order is paid',
  refunded: (amount: string) => `Refunded ${amount} to the customer’s card`,
  notRefundable: 'This order has no card payment to refund',
  exportRangeRequired: 'Choose the dates to export',
  dateRangeReversed: 'The To date must be on or after the From date',
  /** POST /api/orders/admin/cancel: 'N orders cancelled' (and how many were left as they were). */
  bulkCancelled: (cancelled: number, skipped: number) =>
    `${cancelled} ${cancelled === 1 ? 'order' : 'orders'} cancelled` +
    (skipped > 0 ? `; ${skipped} left as ${skipped === 1 ? 'it was' : 'they were'}` : ''),
  bulkCancelNoneSelected: 'Select the orders to cancel',
  bulkCancelTooMany: 'At most 100 orders can be cancelled at once',
  /** Reopening a cancelled order whose stock has been sold meanwhile (409 OUT_OF_STOCK). */
  reopenOutOfStock: (available: string, name: string) =>
    `This order cannot be reopened: only ${available} left in stock for ${name}. It stays cancelled.`,
} as const;

// ---------- POST /api/orders/admin/cancel ----------
// Several orders cancelled in one step (each as PATCH …/status CANCELLED would: stock back once,
// a paid card order refunded first). Each order succeeds or fails on its own.

export const ADMIN_BULK_CANCEL_MAX = 100;

export const adminBulkCancelRequestSchema = z.object({
  orderIds: z
    .array(z.string().trim().min(1).max(100))
    .min(1, ORDER_ADMIN_MESSAGES.bulkCancelNoneSelected)
    .max(ADMIN_BULK_CANCEL_MAX, ORDER_ADMIN_MESSAGES.bulkCancelTooMany),
  note: text(500, { multiline: true }).optional(),
});
export type AdminBulkCancelRequest = z.input<typeof adminBulkCancelRequestSchema>;

export const adminBulkCancelResponseSchema = z.object({
  message: z.string(),
  results: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string().nullable(),
      /** `cancelled` now, `unchanged` (already cancelled), or `failed` with the reason in `message`. */
      outcome: z.enum(['cancelled', 'unchanged', 'failed']),
      message: z.string().nullable(),
    }),
  ),
});
export type AdminBulkCancelResponse = z.infer<typeof adminBulkCancelResponseSchema>;

/**
 * A date range of the admin's orders (the list's filter, the export) runs forwards: `to` on or
 * after `from`, either may be missing. Dates are YYYY-MM-DD, so they compare as text.
 */
export const dateRangeInOrder = (range: { from?: string; to?: string }): boolean =>
  !range.from || !range.to || range.from <= range.to;

/** The rule as a zod refinement of a query with `from` and `to`: the message goes under `to`. */
export const DATE_RANGE_REFINEMENT = { message: ORDER_ADMIN_MESSAGES.dateRangeReversed, path: ['to'] };

/** An amount of money received, in naira (a transfer, or the cash a rider brought back). */
export const amountReceivedSchema = z
  .union([z.string().max(30), z.number()], { message: ORDER_ADMIN_MESSAGES.amountRequired })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((value) => value !== '', ORDER_ADMIN_MESSAGES.amountRequired)
  .refine((value) => value === '' || NAIRA_AMOUNT_PATTERN.test(value), ORDER_ADMIN_MESSAGES.amountInvalid)
  .transform(Number)
  .pipe(z.number().max(PRICE_NAIRA_MAX, ORDER_ADMIN_MESSAGES.amountInvalid));

export const confirmTransferRequestSchema = z.object({
  /** Naira, as the bank statement shows it. */
  amountReceived: amountReceivedSchema,
  /** The bank's reference or anything the staff want kept; shown only to admins. */
  note: text(500, { multiline: true }).default(''),
});
export type ConfirmTransferRequest = z.input<typeof confirmTransferRequestSchema>;

// ---------- GET /api/orders/admin/export.csv?from&to&status ----------

export const orderExportQuerySchema = z
  .object({
    from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }),
    to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }),
    status: z.enum(ORDER_STATUSES).optional(),
  })
  .refine(dateRangeInOrder, DATE_RANGE_REFINEMENT);

export const ORDER_CSV_COLUMNS = [
  'orderNumber',
  'createdAt',
  'status',
  'paymentStatus',
  'paymentMethod',
  'deliveryMethod',
  'customerName',
  'customerEmail',
  'phoneNumber',
  'address',
  'city',
  'state',
  'area',
  'items',
  'subtotal',
  'deliveryFee',
  'totalAmount',
  'transactionId',
  'paidAt',
  /** Pay on delivery: how the rider was paid (Cash, POS, Transfer); empty for the other methods. */
  'paidOnDeliveryBy',
] as const;

// ---------- GET /api/admin/dashboard ----------

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP_PRODUCTS = 5;
export const DASHBOARD_LOW_STOCK_LIST = 10;
export const DASHBOARD_WAITING_LIST = 10;

export const dashboardSchema = z.object({
  /** The last DASHBOARD_DAYS days (Africa/Lagos), oldest first, every day present (0 when none). */
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** Paid orders of those days, their revenue in naira and the average order value (0 when none). */
  paidOrders: z.number().int(),
  revenue: z.number(),
  averageOrderValue: z.number(),
  /** Every order, by status (every status present). */
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  ordersByPaymentStatus: z.record(z.enum(PAYMENT_STATUSES), z.number().int()),
  /** Unpaid bank-transfer orders waiting for an admin to confirm them. */
  transfersAwaiting: z.number().int(),
  /** Pay-on-delivery orders placed and not yet paid nor cancelled (the rider still has to collect). */
  payOnDeliveryAwaiting: z.number().int(),
  /**
   * Unpaid bank-transfer orders whose customer sent a proof that waits for review (the admin
   * list's "Proofs to review"): counted when asked, never older than the request.
   */
  proofsToReview: z.number().int(),
  /** Pay-on-delivery orders still PENDING: to confirm by phone before their deadline. */
  payOnDeliveryToConfirm: z.number().int(),
  /** Top products by revenue of paid orders in those days. */
  /** Quantity sold in the unit of sale (2.5 yards), as its latest line was sold. */
  topProducts: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      quantity: z.number(),
      unit: z.enum(SALE_UNITS),
      packSize: z.number().int().nullable(),
      packItemName: z.string().nullable(),
      revenue: z.number(),
    }),
  ),
  /** Products low (1 to LOW_STOCK_THRESHOLD) or out of stock, fewest first, at most DASHBOARD_LOW_STOCK_LIST. */
  /** Stock in the unit of sale, with how it is sold: below `minQuantity` it cannot be bought (units.ts). */
  lowStock: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      stock: z.number(),
      unit: z.enum(SALE_UNITS),
      minQuantity: z.number(),
      packSize: z.number().int().nullable(),
      packItemName: z.string().nullable(),
      /** Open back-in-stock alerts for it. */
      waiting: z.number().int(),
    }),
  ),
  /** The products most people wait for (open back-in-stock alerts), most first, at most DASHBOARD_WAITING_LIST. */
  waitingForRestock: z.array(z.object({ id: z.string(), name: z.string(), waiting: z.number().int() })),
  lowStockCount: z.number().int(),
  outOfStockCount: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
