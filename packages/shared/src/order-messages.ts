// Orders, checkout and payment: the SPEC.md texts (§2, §4, §5, §8, §9), kept apart from the zod
// schemas so a page that only shows one does not download zod.

export const ORDER_MESSAGES = {
  // Checkout form (SPEC.md §5: every shipping field is required).
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  /** Nigeria: the state is one of the 36 and the FCT (decision 021). */
  stateInvalid: 'Please choose your state',
  /** Lagos: the local government area is required (API.md `shippingDetails.area`). */
  areaRequired: 'Please choose your area (local government)',
  zipCodeRequired: 'Zip code is required',
  countryInvalid: 'Please choose a country we deliver to',
  fieldTooLong: 'This field is too long',
  nameInvalid: 'Please enter a name without links or special symbols',
  /** A street, city, state or postcode that carries a web link (it goes into emails). */
  addressHasLink: 'Please enter the address without web links',
  deliveryMethodInvalid: 'Please choose a delivery method',
  paymentMethodInvalid: 'Please choose a payment method',
  paypalUnavailable:
    'PayPal cannot take payments in naira for a Nigerian business. Please pay by card or bank transfer.',
  standardNeedsSubtotal: 'Standard delivery is free for orders of ₦20,000 or more',
  itemsRequired: 'Your cart is empty',
  quantityInvalid: 'Quantity must be a number above 0 with at most 2 decimals, such as 3 or 2.5',
  /** A line's quantity changed by the server (stock went down) or a price break changed: the cart says so. */
  cartChanged: 'Your cart has been updated: check the quantities and prices before you pay.',
  orderTooLarge: 'This order is too large to place online. Please split it into smaller orders or contact us.',

  // Server answers.
  orderCreated: 'Order Created Successfully',
  orderNotFound: 'Order Not Found',
  orderNotFoundDetail: 'The requested order could not be found.',
  priceChanged: 'Some prices have changed. Your cart has been updated with the current prices.',
  productUnavailable: 'A product in your cart is no longer available',
  /** 'Only N left in stock for NAME' (API.md). */
  /** `available` as formatQuantity writes it: "3", "12.5 yd", "4 packs (48 buttons)". */
  onlyLeftInStock: (available: string, name: string) => `Only ${available} left in stock for ${name}`,
  paymentConfirmed: 'Payment confirmed',
  /** 'Payment status: {status}' (SPEC.md §8). */
  paymentStatus: (status: string) => `Payment status: ${status}`,
  alreadyPaid: 'This order has already been paid',
  notPayable: 'This order can no longer be paid',
  providerUnavailable: 'We could not reach the payment provider. Please try again in a moment.',
  /** A card payment could not start: Paystack did not answer (502 PAYMENT_PROVIDER_UNAVAILABLE). The order keeps its stock until its deadline. */
  providerNotAnswering:
    'The payment service is not answering right now. Your order is kept for you until its payment deadline: you can pay for it later from My Orders.',
  statusUpdated: 'Order status updated',
  /** A customer cancelled their own unpaid order (POST /api/orders/{id}/cancel). */
  orderCancelled: 'Your order has been cancelled',
  notCancellable: 'This order can no longer be cancelled. Please contact us if you need to change it.',
  cancelConfirmTitle: 'Cancel this order?',
  cancelConfirmBody: (orderNumber: string) =>
    `Order ${orderNumber} will be cancelled and its items put back on sale. It can no longer be paid.`,
  cancelOrder: 'Cancel order',
  keepOrder: 'Keep order',

  // Limits on what one customer's unpaid orders may hold (HOLD_LIMIT_REACHED, 409).
  unpaidOrdersLimit: (count: number) =>
    `You already have ${count} unpaid ${count === 1 ? 'order' : 'orders'}. Please pay for or cancel one in My Orders before placing another.`,
  unpaidValueLimit: (amount: string) =>
    `Your unpaid orders would hold more than ${amount} of stock. Please pay for or cancel an unpaid order in My Orders first.`,
  productShareLimit: (name: string, most: string) =>
    `You can hold at most ${most} of ${name} in unpaid orders. Please pay for or cancel an unpaid order in My Orders first.`,
  addressUnpaidLimit:
    'Many unpaid orders have been placed from your network. Please pay for or cancel an unpaid order in My Orders, or try again later.',
  /** A product whose stock is held as much as allowed by orders paid by transfer or on delivery: card payment still works. */
  longHoldShareLimit: (name: string) =>
    `Much of ${name} is held by orders waiting for a bank transfer or payment on delivery. Please pay by card to order it now.`,
  // 429 TOO_MANY_REQUESTS, with Retry-After.
  tooManyOrders: 'You have placed many orders in the last hour. Please try again later.',
  tooManyPaymentAttempts: 'Too many payment attempts. Please wait a moment and try again.',

  // Screens (SPEC.md §8).
  createFailed: 'Failed to create order. Please try again.',
  fetchFailed: 'Failed to fetch orders',
  paymentModalFailed: 'Failed to load payment modal. Check your internet connection and retry later.',
  paymentCancelled: 'Payment was cancelled before it was completed.',
  testPaymentsBanner: 'Test payments: no real money is charged. Use a Paystack test card.',

  // Pay on delivery (issue 22, pay-on-delivery.ts): why it is not offered, and what happens next.
  podLagosOnly: 'Pay on delivery is available for Lagos addresses only',
  /** 'Pay on delivery is available for orders up to ₦150,000'. */
  podOverCap: (cap: string) => `Pay on delivery is available for orders up to ${cap}`,
  /** The shop calls and holds stock for a pay-on-delivery order: it must reach the customer's own address. */
  podEmailUnverified:
    'Pay on delivery needs a verified email address. Open the link we emailed you, or send a new one.',
  podOpenOrder: 'You already have a pay-on-delivery order awaiting delivery',
  podSwitchedOff: 'Pay on delivery is not available at the moment',
  podDescription: 'Pay the rider when your order arrives: cash, POS or transfer.',
  /** The success page and the order-placed email: what happens after a pay-on-delivery order is placed. */
  podNextSteps: (total: string) =>
    `We will call you to confirm your order. When it arrives, pay the rider ${total} by cash, POS or transfer.`,
  /** Until the shop's call: 'If we cannot confirm it with you by 5 Dec 2026, 3:00 pm, …'. */
  podConfirmBy: (deadline: string) =>
    `If we cannot confirm it with you by ${deadline}, the order is cancelled and its items go back on sale.`,
} as const;
