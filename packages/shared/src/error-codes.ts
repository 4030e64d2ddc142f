/**
 * The stable `code` of every API error (API.md, Conventions; docs/errors.md lists them) and the
 * one HTTP status each maps to. Clients decide by code, never by a message's text. Kept free of
 * zod, so a screen that only reads a code does not pull zod into the storefront's first bundle.
 */
export const ERROR_STATUS = {
  /** A field or parameter failed its rule; `errors` names the fields. */
  INVALID_INPUT: 400,
  /** A one-time password reset code that is wrong, used up or expired. */
  INVALID_OTP: 400,
  /** An email verification link that is unknown, used or expired: a new one can be sent. */
  VERIFICATION_LINK_INVALID: 400,
  /** Changing the email needs the current password, and none was sent. */
  CURRENT_PASSWORD_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  /** The current password sent to confirm a change (a new email) is wrong. */
  WRONG_PASSWORD: 401,
  /** Login with an unknown email or a wrong password. */
  INVALID_CREDENTIALS: 401,
  /** A payment webhook whose `x-paystack-signature` is not the HMAC of its body. */
  INVALID_SIGNATURE: 401,
  /** The provider did not confirm the payment (API.md: 402). */
  PAYMENT_NOT_VERIFIED: 402,
  FORBIDDEN: 403,
  /** A cookie-authenticated change sent from an origin the shop does not allow. */
  FOREIGN_ORIGIN: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** The change would leave the shop without an active admin. */
  LAST_ADMIN: 409,
  /** Not enough stock; `details.productId`, `details.available`. */
  OUT_OF_STOCK: 409,
  /** A client price differs from the catalogue; `details.prices` carries the current ones. */
  PRICE_CHANGED: 409,
  /** A product of the order no longer exists; `details.productId`. */
  PRODUCT_UNAVAILABLE: 409,
  /** The order is already paid: nothing to pay. */
  ALREADY_PAID: 409,
  /** The order is cancelled (or expired) and can no longer be paid. */
  ORDER_NOT_PAYABLE: 409,
  /** A category or subcategory that still has subcategories or products cannot be deleted. */
  CATEGORY_NOT_EMPTY: 409,
  /** Another category, subcategory or product already has this slug; `details.slug`. */
  SLUG_TAKEN: 409,
  /** A CSV import's product or subcategory was deleted or changed since its rows were checked; nothing written. */
  CATALOGUE_CHANGED: 409,
  /** A bank transfer confirmed with less than the order's total; `details.totalAmount`. */
  TRANSFER_AMOUNT_SHORT: 409,
  /** The order cannot take this payment action (not a bank transfer, not paid, already refunded). */
  ORDER_NOT_REFUNDABLE: 409,
  /** The order is no longer unpaid and pending: its customer cannot cancel it (an admin can). */
  ORDER_NOT_CANCELLABLE: 409,
  /**
   * The customer's unpaid orders already hold as much as one customer may (`details.limit`:
   * `unpaidOrders`, `value` or `productShare`, with `details.productId` for the last); paying for
   * or cancelling one frees it.
   */
  HOLD_LIMIT_REACHED: 409,
  /** A transfer proof for an order that is not an unpaid, pending bank-transfer order. */
  ORDER_NOT_AWAITING_TRANSFER: 409,
  /** A transfer rejected when the order has no proof waiting for review. */
  TRANSFER_PROOF_NOT_PENDING: 409,
  /**
   * Pay on delivery is not offered for this order (`reason`: `not-lagos`, `over-cap`,
   * `open-order` with `openOrder`, or `off`); the message is also under
   * `errors['paymentDetails.method']` for the checkout form.
   */
  PAY_ON_DELIVERY_UNAVAILABLE: 409,
  /** A back-in-stock alert for a product that can be bought now: nothing to wait for. */
  IN_STOCK: 409,
  /** A back-in-stock alert past a limit: the address waits for too many products, or the product has too many waiting. */
  STOCK_ALERT_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  /** The payment provider could not be reached or failed; nothing was marked, try again. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  UNAVAILABLE: 503,
  /** The database cannot be reached for a moment (restarting, full, the network); `Retry-After` says when to try again. */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

/** The code of an error the framework raised itself (bad JSON, unknown route, body too large). */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'INVALID_INPUT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_INPUT';
  }
}
