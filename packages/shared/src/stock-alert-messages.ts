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
  /** How long the link that confirms a guest's alert works; till then, asking again mails nothing. */
  confirmHours: 24,
  /** Confirmation emails one address may be sent per day, over all products. */
  confirmationsPerDay: 3,
} as const;

/**
 * Back-in-stock emails one address may be sent per week, over all products, when STOCK_ALERT_MAILS_PER_WEEK
 * is unset; past it an alert is closed without its email.
 */
export const STOCK_ALERT_MAILS_PER_WEEK_DEFAULT = 3;

/** How many wait for a product, as the admin's list and dashboard say it. */
export const waitingText = (count: number): string => `${formatCount(count)} waiting`;

export const STOCK_ALERT_MESSAGES = {
  heading: 'Tell me when it is back',
  intro:
    'Leave your email and we will write once, when this product can be bought again. We first email a link to confirm the address is yours.',
  emailLabel: 'Email address',
  submit: 'Notify me',
  submitting: 'Saving…',
  /** A signed-in customer's own address: no confirmation needed. */
  requested: 'Thanks. We will email you once when this product is back in stock.',
  /**
   * Any other address (a guest's, or not the account's): the same answer for a new request, a
   * repeated one and one past the confirmation bounds, so it says nothing about who else asked.
   */
  confirmationSent:
    'Almost done: we have emailed a link to this address. Open it to confirm, and we will email once when this product is back in stock.',
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
  /** The page the confirmation email's link opens: nothing changes until the button is pressed. */
  confirmPrompt: 'Confirm that this address wants one email when the product is back in stock?',
  confirmButton: 'Confirm my alert',
  confirmed: 'Confirmed: we will email this address once when the product is back in stock.',
  confirmInvalid: 'This confirmation link is not valid or has expired. You can ask again on the product page.',
  /** Admin: products list and dashboard. */
  dashboardHeading: 'Waiting for restock',
  dashboardEmpty: 'Nobody is waiting for a product.',
} as const;
