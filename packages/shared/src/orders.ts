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
import { ORDER_MESSAGES } from './order-messages';

// Orders and payment (API.md "Orders and payment"): the checkout form's rules, the order
// payload and the shapes the server sends.

export { ORDER_MESSAGES } from './order-messages';

const M = ORDER_MESSAGES;

/** The most of one product one order may take (API.md: quantity 1 to 99). */
export const ORDER_QUANTITY_MAX = 99;
/** Lines one order may hold: more than any real cart, few enough to keep an order cheap. */
export const ORDER_LINES_MAX = 50;

const required = (message: string, max = 200) => z.string({ message }).trim().min(1, message).max(max, M.fieldTooLong);

// A practical email pattern that cannot backtrack: one @, no spaces, a dot after the @.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^\+?\d{10,15}$/;

export const shippingDetailsSchema = z.object({
  firstName: required(M.firstNameRequired, 100),
  lastName: required(M.lastNameRequired, 100),
  email: z
    .string({ message: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(254, 'Invalid email address')
    .refine((value) => value.length > 254 || EMAIL_PATTERN.test(value), 'Invalid email address')
    .transform((value) => value.toLowerCase()),
  phoneNumber: z
    .string({ message: M.phoneRequired })
    .trim()
    .min(1, M.phoneRequired)
    .max(30, 'Please enter a valid phone number')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => PHONE_PATTERN.test(value), 'Please enter a valid phone number'),
  address: required(M.addressRequired, 500),
  city: required(M.cityRequired, 100),
  state: required(M.stateRequired, 100),
  zipCode: required(M.zipCodeRequired, 20),
  country: z.enum(SHIPPING_COUNTRIES, { message: M.countryInvalid }),
});
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

export const orderItemRequestSchema = z.object({
  productId: z.string().trim().min(1).max(100),
  quantity: z
    .number({ message: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(ORDER_QUANTITY_MAX, M.quantityInvalid),
  /** The price the customer saw, in naira: only a check, the server prices the order. */
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
  items: z.array(orderItemRequestSchema).min(1, M.itemsRequired).max(ORDER_LINES_MAX),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const confirmPaymentRequestSchema = z.object({
  orderId: z.string().trim().min(1).max(100),
  transactionId: z.union([z.string().max(200), z.number()]).nullish(),
  status: z.string().max(50).optional(),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

export const updateOrderStatusRequestSchema = z.object({ status: z.enum(ORDER_STATUSES) });

export const adminOrderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

// ---------- Shapes the server sends ----------

export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  quantity: z.number().int(),
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
  shippingAddress: shippingDetailsSchema.extend({ email: z.string(), phoneNumber: z.string().nullable() }),
  items: z.array(orderItemSchema),
  user: z.object({ id: z.string().nullable(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** An unpaid card order is cancelled after this (ISO time); null once paid or for bank transfers. */
  expiresAt: z.string().nullable(),
  /** The reference of the latest card payment attempt (the order number, then `-2`, ...). */
  paymentReference: z.string().nullable(),
  /** Present on the detail answer (GET /api/orders/{id}), oldest first. */
  history: z.array(orderHistoryEntrySchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const paymentConfigSchema = z.object({
  provider: z.literal('paystack'),
  publicKey: z.string(),
  inlineScriptUrl: z.string(),
  currency: z.literal('NGN'),
  /** True while the built-in test gateway takes the payments: the storefront shows a banner. */
  testMode: z.boolean(),
  /** Where a bank transfer goes; the order number is the transfer reference. */
  bankTransfer: z.object({ accountName: z.string(), bankName: z.string(), accountNumber: z.string() }),
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
