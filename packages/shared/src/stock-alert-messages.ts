// Back-in-stock alerts (issue 25, decision 031): every text the shop shows for them, and the
// limits. Apart from the request's schemas (stock-alerts.ts), so the product page's form loads
// these without zod.
import { formatCount } from './number-format';

export const STOCK_ALERT_LIMITS = {
  /** Open alerts one address may have at once, over all products. */
  openPerEmail: 20,
  /** Open alerts one product may have: bounds the mail a restock sends out at once. */
  openPerProduct: 1_000,
  /** Requests one IP address may make per window. */
  requestsPerIp: 10,
  windowMinutes: 60,
} as const;

/** How many wait for a product, as the admin's list and dashboard say it. */
export const waitingText = (count: number): string => `${formatCount(count)} waiting`;

export const STOCK_ALERT_MESSAGES = {
  heading: 'Tell me when it is back',
  intro: 'Leave your email and we will write once, when this product can be bought again.',
  emailLabel: 'Email address',
  submit: 'Notify me',
  submitting: 'Saving…',
  /** The same answer for a new request and a repeated one: it says nothing about who else asked. */
  requested: 'Thanks. We will email you once when this product is back in stock.',
  failed: 'Could not save your request. Please try again.',
  inStock: 'This product is in stock now: you can order it.',
  tooManyForEmail: `This email already waits for ${STOCK_ALERT_LIMITS.openPerEmail} products. You will be told as they come back.`,
  tooManyForProduct: 'Too many people are waiting for this product to take another request. Please check back soon.',
  productNotFound: 'Product not found',
  unsubscribeConfirm:
    'Stop back-in-stock emails to this address? Products it still waits for will not be emailed when they are back.',
  unsubscribeButton: 'Stop back-in-stock emails',
  unsubscribed: 'Done: no more back-in-stock emails will come to this address. You can ask again on any product page.',
  unsubscribeInvalid: 'This link is not valid.',
  /** Admin: products list and dashboard. */
  dashboardHeading: 'Waiting for restock',
  dashboardEmpty: 'Nobody is waiting for a product.',
} as const;
