/** Business constants of SPEC.md section 9, shared by the server and the web app. Money is kobo. */

export const KOBO_PER_NAIRA = 100;

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
export const RELATED_PRODUCTS_MAX = 4;
export const FEATURED_PRODUCTS_MAX = 24;
export const HOT_BUY_PRODUCTS_MAX = 24;
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** A search counts its matches exactly up to this many; beyond, it answers this many and `totalCapped` ("1,000+ results"). */
export const SEARCH_TOTAL_CAP = 1000;
export const FEATURED_GRID_SIZE = 8;

export const DELIVERY_METHODS = ['PICKUP', 'STANDARD', 'REGULAR', 'EXPRESS'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_FEE_KOBO: Record<DeliveryMethod, number> = {
  PICKUP: 0,
  STANDARD: 0,
  REGULAR: 1_000 * KOBO_PER_NAIRA,
  EXPRESS: 5_000 * KOBO_PER_NAIRA,
};
/** STANDARD delivery needs a subtotal of at least ₦20,000. */
export const STANDARD_DELIVERY_MIN_SUBTOTAL_KOBO = 20_000 * KOBO_PER_NAIRA;

/**
 * SPEC.md §9's delivery times, in days (from, to), each once: checkout's labels, the order page's
 * estimates, the FAQ and the shipping policy build their texts from these.
 */
export const DELIVERY_DAYS = {
  /** Standard and Regular as checkout and the FAQ quote them. */
  quoted: [1, 7],
  /** Standard inside Lagos, as the shipping policy promises it. */
  lagosStandard: [1, 3],
  /** The order page's estimates. */
  standardEstimate: [5, 7],
  regularEstimate: [3, 5],
  express: [1, 2],
} as const satisfies Record<string, readonly [number, number]>;

/** "1-7": a span of days as SPEC.md writes it. */
export const dayRange = ([from, to]: readonly [number, number]) => `${from}-${to}`;

/** Checkout's two readings of SPEC.md §9: the label beside each method, and the order page's estimate. */
export const DELIVERY_DURATION_LABELS: Record<DeliveryMethod, string> = {
  PICKUP: 'Ready for pickup',
  STANDARD: `${dayRange(DELIVERY_DAYS.quoted)} days`,
  REGULAR: `${dayRange(DELIVERY_DAYS.quoted)} days`,
  EXPRESS: '24-48 hours',
};
export const DELIVERY_ESTIMATES: Record<DeliveryMethod, string> = {
  PICKUP: 'Ready for pickup',
  STANDARD: `${dayRange(DELIVERY_DAYS.standardEstimate)} business days`,
  REGULAR: `${dayRange(DELIVERY_DAYS.regularEstimate)} business days`,
  EXPRESS: `${dayRange(DELIVERY_DAYS.express)} business days`,
};

/** Checkout countries (SPEC.md §9), Nigeria first and the default. */
export const SHIPPING_COUNTRIES = ['Nigeria', 'Ghana', 'USA', 'UK'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/**
 * SPEC.md §9's payment methods. PayPal is shown disabled: it cannot take naira for a Nigerian
 * business. Pay on delivery (issue 22) is offered in Lagos only (pay-on-delivery.ts).
 */
export const PAYMENT_METHODS = ['card', 'bankTransfer', 'paypal', 'payOnDelivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * The methods whose unpaid orders keep stock for a long time (a day for a transfer, two for pay on
 * delivery) while the customer pays outside the shop: the limits that stop stock being held with
 * no end count these (docs/decisions/039-every-hold-ends.md). A card order ends in minutes.
 */
export const LONG_HOLD_METHODS: readonly PaymentMethod[] = ['bankTransfer', 'payOnDelivery'];
export const isLongHold = (method: PaymentMethod) => LONG_HOLD_METHODS.includes(method);
/** How each method is named to people: checkout, order pages, the admin's list and CSV export. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  bankTransfer: 'Bank transfer',
  paypal: 'PayPal',
  payOnDelivery: 'Pay on delivery',
};

/** Minutes an unpaid card order keeps its stock before it is verified once more and cancelled. */
export const ORDER_PAYMENT_WINDOW_MINUTES_DEFAULT = 30;

export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ROLES = ['CUSTOMER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Store hours (SPEC.md §9): on the contact page and in the footer. */
export const STORE_HOURS = [
  { days: 'Monday to Friday', hours: '8:00 – 18:00' },
  { days: 'Saturday', hours: '10:00 – 18:00' },
  { days: 'Sunday', hours: 'Online only' },
] as const;

/**
 * Low stock: this many units of sale or fewer (5 yards, 5 packs), but at least a line's minimum.
 * The admin's "low" filter and the storefront's "Only N left" alike.
 */
export const LOW_STOCK_THRESHOLD = 5;
/** Largest image upload accepted, per file (API.md: 5 MB). */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
