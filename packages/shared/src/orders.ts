import { z } from 'zod';
import {
  DELIVERY_METHODS,
  ORDER_STATUSES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SHIPPING_COUNTRIES,
} from './constants';
import { isLagos, isLagosArea, isNigerianState, requiredPhoneNumberSchema } from './nigeria';
import { ORDER_MESSAGES } from './order-messages';
import { DATE_RANGE_REFINEMENT, dateRangeInOrder, paymentEventSchema } from './orders-admin';
import { podConfigSchema, podStepsSchema } from './pay-on-delivery';
import { PAYSTACK_CHANNELS } from './payment-channels';
import { EMAIL_PATTERN, personName, text, withoutLinks } from './text';
import { transferProofSchema } from './transfer-proofs';
import { LINE_MAX_UNITS, parseQuantity, QUANTITY_SCALE, SALE_UNITS, STOCK_UNITS_MAX } from './units';

const NIGERIA = 'Nigeria' satisfies (typeof SHIPPING_COUNTRIES)[number];

// Orders and payment (API.md "Orders and payment"): the checkout form's rules, the order
// payload and the shapes the server sends.

export { ORDER_MESSAGES } from './order-messages';

const M = ORDER_MESSAGES;

/**
 * The most of one product sold by the piece or the pack one order may take (API.md: 1 to 99);
 * lengths have their own (LINE_MAX_UNITS in units.ts, which the server checks per product).
 */
export const ORDER_QUANTITY_MAX = LINE_MAX_UNITS.piece;
/** Lines one order may hold: more than any real cart, few enough to keep an order cheap. */
export const ORDER_LINES_MAX = 50;

const required = (message: string, max = 200) => text(max, { message, tooLong: M.fieldTooLong }).min(1, message);
/**
 * A free-text part of the address: it goes into the shop's emails, so, as names, it refuses web
 * links (text.ts withoutLinks).
 */
const addressPart = (message: string, max: number) => withoutLinks(required(message, max), M.addressHasLink);
/** The name a parcel is addressed to: one line, no links or markup (it goes into emails). */
const requiredName = (message: string) =>
  personName(100, { message, tooLong: M.fieldTooLong, invalid: M.nameInvalid }).min(1, message);

/**
 * The shipping address. In Nigeria the state is one of NIGERIAN_STATES and, in Lagos, the local
 * government area one of LAGOS_AREAS (decision 021); elsewhere the state is free text and the
 * area is not asked. An area that does not belong (a state other than Lagos, another country) is
 * not an error: the form keeps it while the customer switches back and forth, and the order
 * stores `deliveryArea(details)`, which leaves it out.
 */
export const shippingDetailsSchema = z
  .object({
    firstName: requiredName(M.firstNameRequired),
    lastName: requiredName(M.lastNameRequired),
    email: text(254, { message: M.emailRequired, tooLong: 'Invalid email address' })
      .min(1, M.emailRequired)
      .regex(EMAIL_PATTERN, 'Invalid email address')
      .transform((value) => value.toLowerCase()),
    phoneNumber: requiredPhoneNumberSchema(M.phoneRequired),
    address: withoutLinks(
      text(500, { message: M.addressRequired, tooLong: M.fieldTooLong, multiline: true }).min(1, M.addressRequired),
      M.addressHasLink,
    ),
    city: addressPart(M.cityRequired, 100),
    state: addressPart(M.stateRequired, 100),
    /** The Lagos local government area: required when the state is Lagos (API.md). */
    area: withoutLinks(text(100, { tooLong: M.fieldTooLong }), M.addressHasLink).nullish(),
    zipCode: addressPart(M.zipCodeRequired, 20),
    country: z.enum(SHIPPING_COUNTRIES, { message: M.countryInvalid }),
  })
  .superRefine((details, context) => {
    // A blank state already has its message ('State is required').
    if (details.country !== NIGERIA || !details.state) return;
    if (!isNigerianState(details.state)) {
      context.addIssue({ code: 'custom', message: M.stateInvalid, path: ['state'] });
    } else if (isLagos(details.state) && !isLagosArea(details.area)) {
      context.addIssue({ code: 'custom', message: M.areaRequired, path: ['area'] });
    }
  });
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

/** The area an order keeps: the Lagos local government area of a Lagos address, otherwise none. */
export const deliveryArea = (details: Pick<ShippingDetails, 'country' | 'state' | 'area'>): string | null =>
  details.country === NIGERIA && isLagos(details.state) && isLagosArea(details.area) ? details.area : null;

export const orderItemRequestSchema = z.object({
  productId: text(100).min(1),
  /**
   * In the unit of sale (2.5 yards, 3 packs): above 0, at most two decimals, no more than the
   * largest line of any unit. The product's own rule (step, minimum, line maximum, stock) is the
   * server's check, with its message on `items.N.quantity` (units.ts quantityMessage).
   */
  quantity: z
    .number({ message: M.quantityInvalid })
    .refine((value) => (parseQuantity(value) ?? 0) > 0, M.quantityInvalid)
    // Only a bound on what can be a quantity: the product's own line maximum has its own message.
    .refine((value) => value <= STOCK_UNITS_MAX, M.quantityInvalid),
  /** The price per unit the customer saw (after any price break), in naira: only a check, the server prices the order. */
  price: z.number().nonnegative().max(1_000_000_000),
});
export type OrderItemRequest = z.infer<typeof orderItemRequestSchema>;

export const createOrderRequestSchema = z.object({
  shippingDetails: shippingDetailsSchema,
  paymentDetails: z.object({
    method: z.enum(PAYMENT_METHODS, { message: M.paymentMethodInvalid }),
    transactionId: z.null().optional(),
  }),
  deliveryMethod: z.enum(DELIVERY_METHODS, { message: M.deliveryMethodInvalid }),
  items: z
    .array(orderItemRequestSchema)
    .min(1, M.itemsRequired)
    .max(ORDER_LINES_MAX)
    .superRefine((items, context) => {
      // The same product on several lines adds up: the server checks the sum against the
      // product's rule; here only against what any quantity can be.
      const totals = new Map<string, number>();
      items.forEach((item, index) => {
        const total = (totals.get(item.productId) ?? 0) + (parseQuantity(item.quantity) ?? 0);
        totals.set(item.productId, total);
        if (total > STOCK_UNITS_MAX * QUANTITY_SCALE) {
          context.addIssue({ code: 'custom', message: M.quantityInvalid, path: [index, 'quantity'] });
        }
      });
    }),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const confirmPaymentRequestSchema = z.object({
  orderId: text(100).min(1),
  transactionId: z.union([text(200, { trim: false }), z.number()]).nullish(),
  status: text(50, { trim: false }).optional(),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

export const updateOrderStatusRequestSchema = z.object({ status: z.enum(ORDER_STATUSES) });

export const adminOrderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    /** One payment method's orders (pay on delivery's to settle, for one). */
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    search: text(100).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  })
  .refine(dateRangeInOrder, DATE_RANGE_REFINEMENT);
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

// ---------- Shapes the server sends ----------

export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  /** The price per unit this line paid (after any price break), in naira. */
  price: z.number(),
  /** In the unit of sale: 2.5 (yards), 3 (packs). */
  quantity: z.number(),
  /** How the product was sold when ordered (a snapshot, like the name). */
  unit: z.enum(SALE_UNITS),
  packSize: z.number().int().nullable(),
  packItemName: z.string().nullable(),
  /** The price per unit before any break, when a break lowered it; else null. */
  listPrice: z.number().nullable(),
  /** price × quantity, rounded once to the kobo (units.ts lineTotalKobo), in naira. */
  lineTotal: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z.object({
  id: z.string(),
  /** What changed: the order's status, its payment status, or a note (refund, transfer). */
  field: z.enum(['status', 'paymentStatus', 'note']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** 'customer', 'admin:<email>', 'provider' or 'system'. */
  actor: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  subtotal: z.number(),
  deliveryFee: z.number(),
  totalAmount: z.number(),
  /** The delivery estimate shown on the order page (DELIVERY_ESTIMATES). */
  estimatedDelivery: z.string(),
  // Plain strings: what was stored is sent as it is, even if it predates a newer input rule.
  shippingAddress: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    /** The Lagos local government area; null outside Lagos and on orders placed before it was asked. */
    area: z.string().nullable().optional(),
    zipCode: z.string(),
    country: z.enum(SHIPPING_COUNTRIES),
  }),
  items: z.array(orderItemSchema),
  user: z.object({ id: z.string().nullable(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /**
   * An unpaid order is cancelled after this (ISO time) and its stock returned: a card order's
   * payment window, a bank transfer's deadline; null once paid or cancelled.
   */
  expiresAt: z.string().nullable(),
  /** The reference of the latest card payment attempt (the order number, then `-2`, ...). */
  paymentReference: z.string().nullable(),
  /** Present on the detail answer (GET /api/orders/{id}), oldest first. */
  history: z.array(orderHistoryEntrySchema).optional(),
  /** For an admin only, on the detail answer: the provider's events and confirmed transfers, oldest first. */
  paymentEvents: z.array(paymentEventSchema).optional(),
  /** On the detail answer: the bank transfer's latest proof (docs/payments.md "Transfer proofs"), or null. */
  transferProof: transferProofSchema.nullable().optional(),
  /** A pay-on-delivery order's steps (confirmed by phone, money received); absent for the other methods. */
  payOnDelivery: podStepsSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

// ---------- GET /api/orders/admin ----------

/** The most orders the list's "Proofs to review" group carries (the oldest uploads). */
export const PROOFS_TO_REVIEW_MAX = 50;

export const adminOrderPageSchema = z.object({
  /** The page asked for, newest first. */
  orders: z.array(orderSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /**
   * The orders of the same filter whose bank transfer proof waits for an admin's review (unpaid,
   * pending, the customer's latest proof not yet confirmed or rejected): `total` of them, and
   * the PROOFS_TO_REVIEW_MAX whose proof came first, oldest upload first, each with its
   * `transferProof` and its deadline (`expiresAt`). The same on every page; the admin shows it
   * above the first. Also in `orders` where their place in the list falls.
   */
  proofsToReview: z.object({ total: z.number().int(), orders: z.array(orderSchema) }).optional(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const paymentConfigSchema = z.object({
  provider: z.literal('paystack'),
  publicKey: z.string(),
  inlineScriptUrl: z.string(),
  currency: z.literal('NGN'),
  /** True while the built-in test gateway takes the payments: the storefront shows a banner. */
  testMode: z.boolean(),
  /** Where a bank transfer goes; the order number is the transfer reference. */
  bankTransfer: z.object({ accountName: z.string(), bankName: z.string(), accountNumber: z.string() }),
  /** The ways the provider's window offers to pay a card-method order (PAYSTACK_CHANNELS; default card). */
  channels: z.array(z.enum(PAYSTACK_CHANNELS)).min(1),
  /** Pay on delivery: offered at all, and its cap per order in naira (the rule: pay-on-delivery.ts). */
  payOnDelivery: podConfigSchema,
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** POST /api/orders/{id}/payment: what the browser needs to open the provider's window. */
export const paymentStartSchema = z.object({
  /** The payment reference: the order number, or the number with a suffix on a later attempt. */
  reference: z.string(),
  /** For PaystackPop's resumeTransaction(accessCode). */
  accessCode: z.string(),
  publicKey: z.string(),
  email: z.string(),
  /** The order's total in naira, as the server will charge it. */
  amount: z.number(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;
