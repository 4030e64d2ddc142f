import {
  ACCOUNT_LIMITS,
  formatNaira,
  formatPhoneForDisplay,
  koboToNaira,
  PAYMENT_METHOD_LABELS,
  type PodPaymentWay,
  SHOP_INFO_DEFAULTS,
  type ShopInfo,
  shopAddressLine,
} from '@shop/shared';
import type { CancelReason } from '../db/schema/orders';
import { type EmailOrderLineData, orderLineRow, orderLineText } from './order-lines';
import { podPaidEmail, podPlacedWording, podStatusLine } from './pay-on-delivery-email';

/** The name the emails sign with before the admin has saved the shop's settings. */
export const SHOP_NAME = 'Stitch & Trim';

/**
 * The shop as its emails show it: the public settings (decision 025) as they are when the email
 * is written (rendered by the outbox worker), so a queued email carries the current phone.
 */
export type EmailShop = ShopInfo;

/** Before any save: the demo details, under the short name the emails have always used. */
export const DEFAULT_EMAIL_SHOP: EmailShop = { ...SHOP_INFO_DEFAULTS, name: SHOP_NAME };

/** `Call or WhatsApp +234 801 234 5678, or write to hello@…`: how a customer reaches the shop. */
export function reachUs(shop: EmailShop): string {
  const phone = formatPhoneForDisplay(shop.phone);
  const whatsapp = formatPhoneForDisplay(shop.whatsapp);
  const call = phone === whatsapp ? `Call or WhatsApp us on ${phone}` : `Call us on ${phone} or WhatsApp ${whatsapp}`;
  return `${call}, or write to ${shop.email}.`;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every email the shop sends, by template name, with the data each needs. */
export interface EmailTemplates {
  'password-reset-otp': { firstName: string; otp: string };
  /** A new account; `verifyUrl` is its first email verification link (SECURITY.md "Verified email"). */
  welcome: { firstName: string; shopUrl?: string; verifyUrl?: string };
  /** A new verification link: asked for again, or for a changed address. */
  'email-verification': { firstName: string; verifyUrl: string };
  /** `newEmail` is left out when the old address was never verified (recipientData below). */
  'email-changed': { firstName: string; newEmail?: string };
  /** To the shop: a visitor's message from the contact form (Reply-To is the visitor). */
  'contact-message': { fullname: string; email: string; subject: string | null; message: string; receivedAt: string };
  /** To the visitor: their message arrived. */
  'contact-confirmation': { fullname: string };
  'order-paid': {
    firstName: string;
    orderNumber: string;
    /** Each line as ordered (order-lines.ts): its quantity in its unit, the unit price paid, the line total. */
    items: EmailOrderLineData[];
    subtotalKobo: number;
    deliveryFeeKobo: number;
    totalKobo: number;
    orderUrl?: string;
    /** The order had been cancelled when the payment arrived: the shop refunds or restores it. */
    afterCancellation?: boolean;
    /** How it was paid (PaymentMethod): a bank transfer's receipt says the transfer arrived. */
    paymentMethod?: string;
    /** Paid to the rider at the door: how much, how (pay-on-delivery-email.ts words the receipt). */
    paidOnDelivery?: { how: PodPaymentWay; receivedKobo: number };
  };
  'order-status-changed': {
    firstName: string;
    orderNumber: string;
    from: string;
    to: string;
    orderUrl?: string;
    /** Set when the cancellation refunded the card payment. */
    refundedKobo?: number;
    /** Why a cancelled order was cancelled, when it was not the shop's plain choice. */
    reason?: CancelReason;
    /** A pay-on-delivery order still to be paid at the door: the amount to have ready. */
    payOnDeliveryKobo?: number;
  };
  /** Half-way to a bank transfer's deadline: how to pay, how much, by when. */
  'order-payment-reminder': {
    firstName: string;
    orderNumber: string;
    totalKobo: number;
    /** ISO time after which the order is cancelled. */
    deadline: string;
    bank: { accountName: string; bankName: string; accountNumber: string };
    orderUrl?: string;
  };
  /** Every new order, to its customer: what was ordered and how to pay (orders/order-placed-mail.ts). */
  'order-placed': OrderPlacedData;
  /** Every new order, to the shop (ORDERS_EMAIL): who, what, how paid, and the admin page. */
  'order-placed-shop': OrderPlacedShopData;
  /** A customer uploaded a proof of their bank transfer: to the shop, with the admin page. */
  'transfer-proof-shop': {
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    totalKobo: number;
    fileName: string;
    adminUrl?: string;
  };
  /** Half-way to a pay-on-delivery order's confirmation deadline: to the shop, call the customer (decision 039). */
  'pod-confirm-reminder-shop': {
    orderNumber: string;
    customerName: string;
    phoneNumber: string | null;
    totalKobo: number;
    /** ISO time after which the order is cancelled unless confirmed. */
    deadline: string;
    adminUrl?: string;
  };
  /** A transfer order reached its deadline with its proof still waiting for review: to the shop, once. */
  'proof-review-reminder-shop': {
    orderNumber: string;
    customerName: string;
    totalKobo: number;
    /** ISO time of the one later deadline it was given. */
    deadline: string;
    adminUrl?: string;
  };
  /** An admin rejected a transfer proof: the reason, and where to upload another. */
  'transfer-proof-rejected': {
    firstName: string;
    orderNumber: string;
    reason: string;
    totalKobo: number;
    /** ISO time after which the order is cancelled, when it still has one. */
    deadline?: string;
    orderUrl?: string;
  };
  /** A new newsletter subscriber: thanks, and the unsubscribe link every newsletter email carries. */
  'newsletter-welcome': { unsubscribeUrl: string; shopUrl?: string };
  /** A product someone asked about is back (modules/stock-alerts): once, then the alert is closed. */
  'stock-returned': {
    productName: string;
    /** The price per unit as the shop writes it: "₦1,200 / yard". */
    price: string;
    productUrl: string;
    /** Stops this alert only (sent as List-Unsubscribe too). */
    unsubscribeUrl: string;
  };
  /**
   * Someone asked for a back-in-stock alert for this address (a guest, or not the account's own):
   * nothing is mailed when the product is back unless the address confirms.
   */
  'stock-alert-confirm': { productName: string; confirmUrl: string; hours: number };
  /** An unsubscribed address was signed up to the newsletter again: it comes back only by this link. */
  'newsletter-confirm': { confirmUrl: string; hours: number };
}
export type EmailTemplateName = keyof EmailTemplates;

/** Longest visitor text an email repeats; a name is at most 100 characters. */
const VISITOR_TEXT_MAX = 200;

/**
 * What a visitor typed, made safe for one line of an email: control characters and line breaks
 * become spaces (so nothing typed can start a header or a new paragraph), runs of white space
 * collapse, and it is cut to a sensible length. Both parts of every email use it first.
 */
export function plainLine(value: string): string {
  const line = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > VISITOR_TEXT_MAX ? `${line.slice(0, VISITOR_TEXT_MAX - 1)}…` : line;
}

/** A subject never holds a line break, whatever goes into it. */
const subjectLine = (value: string) => plainLine(value);

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** Visitor text for the HTML part: one safe line, then escaped. */
const html = (value: string) => escapeHtml(plainLine(value));

/** "Hello Ada," or, when the name is left out (an unverified recipient), "Hello,". */
export const helloLine = (name: string) => (plainLine(name) ? `Hello ${plainLine(name)},` : 'Hello,');
export const helloHtml = (name: string) => escapeHtml(helloLine(name));

/** Every email's frame: the shop's name on top, its address, phone and email at the foot. */
export function layout(title: string, body: string, shop: EmailShop = DEFAULT_EMAIL_SHOP): string {
  const name = escapeHtml(shop.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#7f1d3a">${name}</p>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#78716c">${name}, trims, laces and embellishments for tailors.<br>
${escapeHtml(shopAddressLine(shop.address))}<br>
${escapeHtml(formatPhoneForDisplay(shop.phone))} · ${escapeHtml(shop.email)}</p>
</div></body></html>`;
}

export function passwordResetOtpEmail(
  { firstName, otp }: EmailTemplates['password-reset-otp'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const minutes = ACCOUNT_LIMITS.otpValidMinutes;
  const name = plainLine(firstName);
  return {
    subject: subjectLine(`Your ${shop.name} password reset code`),
    // NOTE: the code stands on a line of its own so no line wrapping of the message splits it.
    text: [
      helloLine(name),
      '',
      'Use this code to reset your password:',
      '',
      plainLine(otp),
      '',
      `It is valid for ${minutes} minutes. If you did not ask to reset your password, you can ignore this email; your password stays the same.`,
      '',
      shop.name,
    ].join('\n'),
    html: layout(
      'Password reset code',
      `<p>${helloHtml(firstName)}</p>
<p>Use this code to reset your password:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0">${html(otp)}</p>
<p>It is valid for ${minutes} minutes. If you did not ask to reset your password, you can ignore this email; your password stays the same.</p>`,
      shop,
    ),
  };
}

export function welcomeEmail(
  { firstName, shopUrl, verifyUrl }: EmailTemplates['welcome'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const shopLine = shopUrl ? `Start shopping at ${shopUrl}/shop` : 'Start shopping any time.';
  const verify = verifyUrl ? verifyParagraph(verifyUrl) : null;
  return {
    subject: subjectLine(`Welcome to ${shop.name}`),
    text: [
      helloLine(firstName),
      '',
      `Your ${shop.name} account is ready. You can now check out faster, follow your orders and keep your delivery address on file.`,
      '',
      ...(verify ? [...verify.text, ''] : []),
      shopLine,
      '',
      shop.name,
    ].join('\n'),
    html: layout(
      `Welcome to ${shop.name}`,
      `<p>${helloHtml(firstName)}</p>
<p>Your ${escapeHtml(shop.name)} account is ready. You can now check out faster, follow your orders and keep your delivery address on file.</p>
${verify ? verify.html : ''}
${shopUrl ? `<p><a href="${escapeHtml(`${shopUrl}/shop`)}" style="color:#7f1d3a">Start shopping</a></p>` : ''}`,
      shop,
    ),
  };
}

/** Why and how to verify the address, with the link on a line of its own (welcome, email-verification). */
function verifyParagraph(verifyUrl: string): { text: string[]; html: string } {
  const why = `Please confirm that this is your email address: it lets you pay on delivery in Lagos. The link works once, for ${ACCOUNT_LIMITS.verificationValidHours} hours.`;
  return {
    text: [why, '', `Confirm your email address: ${verifyUrl}`],
    html: `<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(verifyUrl)}" style="color:#7f1d3a;font-weight:bold">Confirm your email address</a></p>`,
  };
}

/** A new verification link, asked for from the profile or checkout, or for a changed address. */
export function emailVerificationEmail(
  { firstName, verifyUrl }: EmailTemplates['email-verification'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const verify = verifyParagraph(verifyUrl);
  const ifNotYou = `If you do not have a ${shop.name} account, you can ignore this email: nothing happens unless the link is opened.`;
  return {
    subject: `Confirm your email address for ${shop.name}`,
    text: [helloLine(firstName), '', ...verify.text, '', ifNotYou, '', shop.name].join('\n'),
    html: layout(
      'Confirm your email address',
      `<p>${helloHtml(firstName)}</p>
${verify.html}
<p style="font-size:13px;color:#57534e">${escapeHtml(ifNotYou)}</p>`,
      shop,
    ),
  };
}

/** Sent to the old address when an account's email changes, so its owner hears of it. */
export function emailChangedEmail(
  { firstName, newEmail }: EmailTemplates['email-changed'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const changed = newEmail
    ? `The email address of your ${shop.name} account was changed to ${plainLine(newEmail)}.`
    : `The email address of your ${shop.name} account was changed.`;
  const ifNotYou =
    'If you did not change it, contact the shop at once: someone who knows your password did, and your account now sends its emails there.';
  return {
    subject: `Your ${shop.name} email address was changed`,
    text: [helloLine(firstName), '', changed, '', ifNotYou, '', shop.name].join('\n'),
    html: layout(
      'Email address changed',
      `<p>${helloHtml(firstName)}</p>
<p>${escapeHtml(changed)}</p>
<p>${escapeHtml(ifNotYou)}</p>`,
      shop,
    ),
  };
}

export function contactMessageEmail(
  { fullname, email, subject, message, receivedAt }: EmailTemplates['contact-message'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const about = subject ?? 'A message from the contact form';
  return {
    // The mailer keeps every header on one line too; the contact schema already made these one line.
    subject: `Contact form: ${about} (from ${fullname})`,
    text: [
      `From: ${fullname} <${email}>`,
      `Subject: ${subject ?? '(none)'}`,
      `Received: ${receivedAt}`,
      '',
      message,
      '',
      'Reply to this email to answer the visitor.',
    ].join('\n'),
    html: layout(
      'Contact form message',
      `<p><strong>From:</strong> ${escapeHtml(fullname)} &lt;${escapeHtml(email)}&gt;<br>
<strong>Subject:</strong> ${escapeHtml(subject ?? '(none)')}<br>
<strong>Received:</strong> ${escapeHtml(receivedAt)}</p>
<p style="white-space:pre-wrap">${escapeHtml(message)}</p>
<p style="font-size:13px;color:#57534e">Reply to this email to answer the visitor.</p>`,
      shop,
    ),
  };
}

/**
 * NOTE: the confirmation repeats nothing the visitor typed but their name, and the outbox leaves
 * that out too (recipientData: nobody proved the address is theirs), so the form cannot be used
 * to send someone else a message of a stranger's choosing.
 */
export function contactConfirmationEmail(
  { fullname }: EmailTemplates['contact-confirmation'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  // The hours, address and numbers as the Settings tab says when this is written (its rules keep
  // each one line: no plainLine, which would cut a long address).
  const hours = shop.openingHours.map((row) => `${row.days}: ${row.hours}`);
  const visit = `Our shop: ${shopAddressLine(shop.address)}`;
  const reach = reachUs(shop);
  return {
    subject: `We received your message - ${shop.name}`,
    text: [
      helloLine(fullname),
      '',
      `Thank you for contacting ${shop.name}. Your message has reached us and we will get back to you soon, usually within one working day.`,
      '',
      'Our store hours:',
      ...hours,
      '',
      visit,
      reach,
      '',
      'If you did not write to us, you can ignore this email.',
      '',
      shop.name,
    ].join('\n'),
    html: layout(
      'We received your message',
      `<p>${helloHtml(fullname)}</p>
<p>Thank you for contacting ${escapeHtml(shop.name)}. Your message has reached us and we will get back to you soon, usually within one working day.</p>
<p>Our store hours:<br>${hours.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(visit)}<br>${escapeHtml(reach)}</p>
<p style="font-size:13px;color:#57534e">If you did not write to us, you can ignore this email.</p>`,
      shop,
    ),
  };
}

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/** A payment that reached an order already cancelled: received, and what the shop will do. */
function paidAfterCancellationEmail(
  data: EmailTemplates['order-paid'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const { firstName, orderNumber, orderUrl } = data;
  const said = `Your order ${orderNumber} had already been cancelled when your payment of ${naira(data.totalKobo)} arrived. We will refund it to the card you paid with, or contact you if the order can still be sent.`;
  return {
    subject: `Payment received for cancelled order ${orderNumber}`,
    text: [
      helloLine(firstName),
      '',
      said,
      '',
      ...(orderUrl ? [`See your order at ${orderUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `Payment received for cancelled order ${orderNumber}`,
      `<p>${helloHtml(firstName)}</p>
<p>${escapeHtml(said)}</p>
${orderUrl ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">See your order</a></p>` : ''}`,
      shop,
    ),
  };
}

export function orderPaidEmail(
  data: EmailTemplates['order-paid'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const { firstName, orderNumber, items, orderUrl } = data;
  if (data.afterCancellation) return paidAfterCancellationEmail(data, shop);
  if (data.paidOnDelivery) return podPaidEmail({ ...data, paidOnDelivery: data.paidOnDelivery }, shop);
  const lines = items.map(orderLineText);
  const totals = [
    `Subtotal: ${naira(data.subtotalKobo)}`,
    `Delivery: ${naira(data.deliveryFeeKobo)}`,
    `Total paid: ${naira(data.totalKobo)}`,
  ];
  const rows = items.map(orderLineRow).join('\n');
  const received = data.paymentMethod === 'bankTransfer' ? 'your bank transfer' : 'your payment';
  return {
    subject: `Order ${orderNumber} confirmed: payment received`,
    text: [
      helloLine(firstName),
      '',
      `Thank you: we have received ${received} for order ${orderNumber} and are preparing it.`,
      '',
      ...lines,
      '',
      ...totals,
      '',
      ...(orderUrl ? [`Follow your order at ${orderUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `Order ${orderNumber} confirmed`,
      `<p>${helloHtml(firstName)}</p>
<p>Thank you: we have received ${received} for order <strong>${escapeHtml(orderNumber)}</strong> and are preparing it.</p>
<table style="width:100%;border-collapse:collapse">${rows}</table>
<p>${totals.map(escapeHtml).join('<br>')}</p>
${orderUrl ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">Follow your order</a></p>` : ''}`,
      shop,
    ),
  };
}

const STATUS_WORDS: Record<string, string> = {
  PENDING: 'pending',
  PROCESSING: 'being prepared',
  SHIPPED: 'on its way',
  DELIVERED: 'delivered',
  CANCELLED: 'cancelled',
};

/** The sentence that says why an order was cancelled, by CancelReason (order-state.ts). */
const CANCEL_REASONS: Record<string, string> = {
  customer: 'You cancelled it, and its items are back on sale. Nothing was charged.',
  expired: 'We did not receive its payment in time, so its items are back on sale.',
  'not-confirmed':
    'We could not confirm it with you by phone in time, so its items are back on sale. Nothing was charged.',
  'account-closed': 'Your account was closed, so its items are back on sale.',
  'delivery-refused':
    'The delivery was refused, so the order is cancelled and its items are back on sale. Nothing was charged.',
};

export function orderStatusChangedEmail(
  data: EmailTemplates['order-status-changed'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const { firstName, orderNumber, to, orderUrl, refundedKobo } = data;
  const now = STATUS_WORDS[to] ?? to.toLowerCase();
  const refund = refundedKobo
    ? `We have refunded ${naira(refundedKobo)} to the card you paid with; your bank may take a few working days to show it.`
    : (data.reason && CANCEL_REASONS[data.reason]) || podStatusLine(data);
  return {
    subject: `Order ${orderNumber} is ${now}`,
    text: [
      helloLine(firstName),
      '',
      `Your order ${orderNumber} is now ${now} (${to}).`,
      '',
      ...(refund ? [refund, ''] : []),
      ...(orderUrl ? [`Follow your order at ${orderUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `Order ${orderNumber} is ${now}`,
      `<p>${helloHtml(firstName)}</p>
<p>Your order <strong>${escapeHtml(orderNumber)}</strong> is now ${escapeHtml(now)} (${escapeHtml(to)}).</p>
${refund ? `<p>${escapeHtml(refund)}</p>` : ''}
${orderUrl ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">Follow your order</a></p>` : ''}`,
      shop,
    ),
  };
}

/** A Lagos time a customer reads: "Friday, 27 November 2026 at 2:30 pm". */
export const lagosTime = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });

export function orderPaymentReminderEmail(
  data: EmailTemplates['order-payment-reminder'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const { firstName, orderNumber, totalKobo, deadline, bank, orderUrl } = data;
  const by = lagosTime(deadline);
  const details = [
    `Amount: ${naira(totalKobo)}`,
    `Bank: ${plainLine(bank.bankName)}`,
    `Account name: ${plainLine(bank.accountName)}`,
    `Account number: ${plainLine(bank.accountNumber)}`,
    `Reference: ${orderNumber}`,
  ];
  return {
    subject: `Reminder: pay for order ${orderNumber} by ${by}`,
    text: [
      helloLine(firstName),
      '',
      `We are keeping the items of your order ${orderNumber} until ${by} (Lagos time). Please make your bank transfer before then, with the order number as the reference:`,
      '',
      ...details,
      '',
      'After that time the order is cancelled and its items go back on sale. If you have already paid, thank you: we confirm transfers as they arrive.',
      '',
      ...(orderUrl ? [`See your order at ${orderUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `Pay for order ${orderNumber} by ${by}`,
      `<p>${helloHtml(firstName)}</p>
<p>We are keeping the items of your order <strong>${escapeHtml(orderNumber)}</strong> until <strong>${escapeHtml(by)}</strong> (Lagos time). Please make your bank transfer before then, with the order number as the reference:</p>
<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>After that time the order is cancelled and its items go back on sale. If you have already paid, thank you: we confirm transfers as they arrive.</p>
${orderUrl ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">See your order</a></p>` : ''}`,
      shop,
    ),
  };
}

// ---------- Order placed, and the shop's own order emails (decision 023) ----------

export interface OrderPlacedAddress {
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
  address: string;
  /** A Lagos local government area, when the address has one. */
  area?: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  /**
   * Only the area, city and state are shown (recipientData below: an unverified recipient gets no
   * street, names or phone number, nothing else the customer typed).
   */
  placeOnly?: boolean;
}

export interface OrderPlacedData {
  firstName: string;
  orderNumber: string;
  /** Each line as ordered (order-lines.ts). */
  items: EmailOrderLineData[];
  subtotalKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  /** DeliveryMethod (PICKUP, STANDARD, REGULAR, EXPRESS). */
  deliveryMethod: string;
  address: OrderPlacedAddress;
  /** PaymentMethod; one this template does not know yet gets a neutral sentence. */
  paymentMethod: string;
  /** ISO time after which the unpaid order is cancelled (a transfer's deadline, a card's hold). */
  deadline?: string;
  /** Where a bank transfer goes (bank-transfer orders). */
  bank?: { accountName: string; bankName: string; accountNumber: string };
  /** The customer's order page: where a card order is paid, a transfer proof uploaded. */
  orderUrl?: string;
}

export interface OrderPlacedShopData {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: string;
  deliveryMethod: string;
  totalKobo: number;
  /** Each line as ordered (order-lines.ts). */
  items: EmailOrderLineData[];
  /** PUBLIC_URL/admin/orders/<id>, when the shop knows its address. */
  adminUrl?: string;
}

const DELIVERY_WORDS: Record<string, string> = {
  PICKUP: 'Store pickup',
  STANDARD: 'Standard delivery',
  REGULAR: 'Regular delivery',
  EXPRESS: 'Express delivery',
};
const PAYMENT_WORDS: Record<string, string> = PAYMENT_METHOD_LABELS;
const deliveryWords = (method: string) => DELIVERY_WORDS[method] ?? plainLine(method);
const paymentWords = (method: string) => PAYMENT_WORDS[method] ?? plainLine(method);

/** The address as the customer typed it, a line a part, each made one safe line. */
function addressLines(address: OrderPlacedAddress): string[] {
  if (address.placeOnly) {
    return [...(address.area ? [address.area] : []), `${address.city}, ${address.state}`].map(plainLine);
  }
  return [
    `${address.firstName} ${address.lastName}`,
    address.address,
    ...(address.area ? [address.area] : []),
    `${address.city}, ${address.state} ${address.zipCode}`,
    address.country,
    ...(address.phoneNumber ? [address.phoneNumber] : []),
  ].map(plainLine);
}

/** What the order-placed email says about paying, by method: text paragraphs, each one HTML block. */
function howToPay(data: OrderPlacedData): { text: string[]; html: string } {
  const by = data.deadline ? lagosTime(data.deadline) : null;
  switch (data.paymentMethod) {
    case 'bankTransfer': {
      const bank = data.bank;
      const details = [
        `Amount: ${naira(data.totalKobo)}`,
        ...(bank
          ? [
              `Account name: ${plainLine(bank.accountName)}`,
              `Bank: ${plainLine(bank.bankName)}`,
              `Account number: ${plainLine(bank.accountNumber)}`,
            ]
          : []),
        `Reference: ${data.orderNumber}`,
      ];
      const intro = `Please pay by bank transfer, exactly ${naira(data.totalKobo)}, with your order number ${data.orderNumber} as the reference:`;
      const deadline = by
        ? `We keep your items until ${by} (Lagos time). If the transfer has not reached us by then, the order is cancelled and its items go back on sale.`
        : null;
      const proof = data.orderUrl
        ? `Once you have paid, you can upload a picture or PDF of the transfer on your order page: ${data.orderUrl}`
        : 'Once you have paid, you can upload a picture or PDF of the transfer on your order page.';
      return {
        text: [intro, '', ...details, '', ...(deadline ? [deadline, ''] : []), proof],
        html: `<p>${escapeHtml(intro)}</p>
<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${deadline ? `<p>${escapeHtml(deadline)}</p>` : ''}
<p>Once you have paid, you can upload a picture or PDF of the transfer on ${
          data.orderUrl
            ? `<a href="${escapeHtml(data.orderUrl)}" style="color:#7f1d3a">your order page</a>`
            : 'your order page'
        }.</p>`,
      };
    }
    case 'card': {
      const unpaid = `Your order is not paid yet.${by ? ` We hold its items until ${by} (Lagos time); after that it is cancelled.` : ''}`;
      const pay = data.orderUrl
        ? `Pay for it on your order page: ${data.orderUrl}`
        : 'Pay for it from your order page.';
      return {
        text: [
          unpaid,
          pay,
          '',
          'If you have just paid, thank you: a receipt follows as soon as the payment is confirmed.',
        ],
        html: `<p>${escapeHtml(unpaid)}</p>
${data.orderUrl ? `<p><a href="${escapeHtml(data.orderUrl)}" style="color:#7f1d3a">Pay for your order</a></p>` : `<p>${escapeHtml(pay)}</p>`}
<p>If you have just paid, thank you: a receipt follows as soon as the payment is confirmed.</p>`,
      };
    }
    case 'payOnDelivery': {
      const next = podPlacedWording(data.totalKobo);
      return { text: [next], html: `<p>${escapeHtml(next)}</p>` };
    }
    default: {
      const neutral = `Payment: ${paymentWords(data.paymentMethod)}. We will tell you by email as soon as your payment is received.`;
      return { text: [neutral], html: `<p>${escapeHtml(neutral)}</p>` };
    }
  }
}

export function orderPlacedEmail(data: OrderPlacedData, shop: EmailShop = DEFAULT_EMAIL_SHOP): RenderedEmail {
  const { orderNumber, orderUrl } = data;
  const name = plainLine(data.firstName);
  const lines = data.items.map(orderLineText);
  const totals = [
    `Subtotal: ${naira(data.subtotalKobo)}`,
    `Delivery: ${naira(data.deliveryFeeKobo)}`,
    `Total: ${naira(data.totalKobo)}`,
  ];
  const delivery = `Delivery method: ${deliveryWords(data.deliveryMethod)}`;
  const address = addressLines(data.address);
  const addressTitle = data.deliveryMethod === 'PICKUP' ? 'Your details:' : 'Delivery address:';
  const pay = howToPay(data);
  // Where a pickup is collected, and how to reach the shop: the settings when this is written.
  const pickup =
    data.deliveryMethod === 'PICKUP'
      ? `Collect it at ${shopAddressLine(shop.address)} (${shop.openingHours.map((row) => `${row.days}: ${row.hours}`).join('; ')}).`
      : null;
  const questions = `Questions about your order? ${reachUs(shop)}`;
  return {
    subject: `Order ${orderNumber} received`,
    text: [
      helloLine(name),
      '',
      `Thank you for your order ${orderNumber}.`,
      '',
      ...lines,
      '',
      ...totals,
      '',
      delivery,
      addressTitle,
      ...address,
      ...(pickup ? ['', pickup] : []),
      '',
      ...pay.text,
      '',
      ...(orderUrl && data.paymentMethod !== 'card' && data.paymentMethod !== 'bankTransfer'
        ? [`Follow your order at ${orderUrl}`, '']
        : []),
      questions,
      '',
      shop.name,
    ].join('\n'),
    html: layout(
      `Order ${orderNumber} received`,
      `<p>${helloHtml(name)}</p>
<p>Thank you for your order <strong>${escapeHtml(orderNumber)}</strong>.</p>
<table style="width:100%;border-collapse:collapse">${data.items.map(orderLineRow).join('\n')}</table>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(delivery)}<br>${escapeHtml(addressTitle)}<br>${address.map(escapeHtml).join('<br>')}</p>
${pickup ? `<p>${escapeHtml(pickup)}</p>` : ''}
${pay.html}
${
  orderUrl && data.paymentMethod !== 'card' && data.paymentMethod !== 'bankTransfer'
    ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">Follow your order</a></p>`
    : ''
}
<p style="font-size:13px;color:#57534e">${escapeHtml(questions)}</p>`,
      shop,
    ),
  };
}

export function orderPlacedShopEmail(data: OrderPlacedShopData, shop: EmailShop = DEFAULT_EMAIL_SHOP): RenderedEmail {
  const customer = `${plainLine(data.customerName)} <${plainLine(data.customerEmail)}>`;
  const facts = [
    `Order: ${data.orderNumber}`,
    `Customer: ${customer}`,
    `Payment: ${paymentWords(data.paymentMethod)}`,
    `Delivery: ${deliveryWords(data.deliveryMethod)}`,
    `Total: ${naira(data.totalKobo)}`,
  ];
  const lines = data.items.map(orderLineText);
  return {
    subject: `New order ${data.orderNumber}: ${naira(data.totalKobo)} (${paymentWords(data.paymentMethod)})`,
    text: [
      ...facts,
      '',
      ...lines,
      '',
      ...(data.adminUrl ? [`Open it in the admin: ${data.adminUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `New order ${data.orderNumber}`,
      `<p>${facts.map(escapeHtml).join('<br>')}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${data.adminUrl ? `<p><a href="${escapeHtml(data.adminUrl)}" style="color:#7f1d3a">Open the order in the admin</a></p>` : ''}`,
      shop,
    ),
  };
}

export function transferProofShopEmail(
  data: EmailTemplates['transfer-proof-shop'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const said = `${plainLine(data.customerName)} <${plainLine(data.customerEmail)}> uploaded a proof of their bank transfer of ${naira(data.totalKobo)} for order ${data.orderNumber} (${plainLine(data.fileName)}). Check it against the shop's account, then confirm or reject the transfer.`;
  return {
    subject: `Transfer proof for order ${data.orderNumber}`,
    text: [said, '', ...(data.adminUrl ? [`Review it in the admin: ${data.adminUrl}`, ''] : []), shop.name].join('\n'),
    html: layout(
      `Transfer proof for order ${data.orderNumber}`,
      `<p>${escapeHtml(said)}</p>
${data.adminUrl ? `<p><a href="${escapeHtml(data.adminUrl)}" style="color:#7f1d3a">Review it in the admin</a></p>` : ''}`,
      shop,
    ),
  };
}

/** One of the shop's own reminders: what to do about which order, by when, and its admin page. */
function shopReminderEmail(
  subject: string,
  said: string,
  adminUrl: string | undefined,
  shop: EmailShop,
): RenderedEmail {
  return {
    subject,
    text: [said, '', ...(adminUrl ? [`Open it in the admin: ${adminUrl}`, ''] : []), shop.name].join('\n'),
    html: layout(
      subject,
      `<p>${escapeHtml(said)}</p>
${adminUrl ? `<p><a href="${escapeHtml(adminUrl)}" style="color:#7f1d3a">Open the order in the admin</a></p>` : ''}`,
      shop,
    ),
  };
}

export function podConfirmReminderShopEmail(
  data: EmailTemplates['pod-confirm-reminder-shop'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const phone = data.phoneNumber ? ` on ${plainLine(data.phoneNumber)}` : '';
  const said = `Pay-on-delivery order ${data.orderNumber} (${naira(data.totalKobo)}) from ${plainLine(data.customerName)} is still waiting for your phone call. Call the customer${phone} and confirm it by ${lagosTime(data.deadline)} (Lagos time), or it is cancelled and its items go back on sale.`;
  return shopReminderEmail(`Call to confirm order ${data.orderNumber}`, said, data.adminUrl, shop);
}

export function proofReviewReminderShopEmail(
  data: EmailTemplates['proof-review-reminder-shop'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const said = `The transfer proof ${plainLine(data.customerName)} sent for order ${data.orderNumber} (${naira(data.totalKobo)}) is still waiting for review, and the order has reached its deadline. It is kept until ${lagosTime(data.deadline)} (Lagos time): confirm or reject the transfer before then, or the order is cancelled.`;
  return shopReminderEmail(`Transfer proof for order ${data.orderNumber} waits for review`, said, data.adminUrl, shop);
}

/** Control characters and line separators, made spaces in a line an admin typed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

export function transferProofRejectedEmail(
  data: EmailTemplates['transfer-proof-rejected'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const { orderNumber, orderUrl } = data;
  const name = plainLine(data.firstName);
  // The reason may run over several lines as the admin typed it (at most 500 characters, so
  // not cut as a visitor's line is); each line is kept, its control characters made spaces.
  const reason = data.reason
    .split(/\r?\n/)
    .map((line) => line.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const said = `We could not accept the proof of payment you sent for order ${orderNumber} (${naira(data.totalKobo)}). The reason:`;
  const by = data.deadline ? lagosTime(data.deadline) : null;
  const next = `Your order is still waiting for its payment${by ? ` until ${by} (Lagos time)` : ''}. If you have paid, please upload a clearer proof; if not, please make the transfer with the order number as the reference.`;
  return {
    subject: `Proof of payment for order ${orderNumber} not accepted`,
    text: [
      helloLine(name),
      '',
      said,
      '',
      ...reason,
      '',
      next,
      '',
      ...(orderUrl ? [`Upload another proof at ${orderUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `Proof of payment for order ${orderNumber} not accepted`,
      `<p>${helloHtml(name)}</p>
<p>${escapeHtml(said)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #7f1d3a">${reason.map(escapeHtml).join('<br>')}</blockquote>
<p>${escapeHtml(next)}</p>
${orderUrl ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">Upload another proof</a></p>` : ''}`,
      shop,
    ),
  };
}

interface UnsubscribableEmail {
  subject: string;
  /** The plain-text lines between "Hello," and the unsubscribe lines. */
  text: string[];
  /** The same as HTML paragraphs. */
  html: string;
  /** What the unsubscribe link does, said before it. */
  leave: string;
  unsubscribeUrl: string;
}

/** A mailing the address can stop by itself (newsletter, back-in-stock): greeting, body, unsubscribe line, signature. */
function unsubscribableEmail(email: UnsubscribableEmail, shop: EmailShop): RenderedEmail {
  return {
    subject: email.subject,
    text: ['Hello,', '', ...email.text, email.leave, email.unsubscribeUrl, '', shop.name].join('\n'),
    html: layout(
      email.subject,
      `<p>Hello,</p>
${email.html}
<p style="font-size:13px;color:#57534e">${escapeHtml(email.leave)} <a href="${escapeHtml(email.unsubscribeUrl)}" style="color:#7f1d3a">Unsubscribe</a></p>`,
      shop,
    ),
  };
}

export function newsletterWelcomeEmail(
  { unsubscribeUrl, shopUrl }: EmailTemplates['newsletter-welcome'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const thanks = `Thanks for subscribing to the ${shop.name} newsletter. We will write when new trims, laces and fabrics arrive, and about offers for our subscribers.`;
  return unsubscribableEmail(
    {
      subject: `Thanks for subscribing to ${shop.name}`,
      text: [thanks, '', ...(shopUrl ? [`Visit the shop at ${shopUrl}`, ''] : [])],
      html: `<p>${escapeHtml(thanks)}</p>
${shopUrl ? `<p><a href="${escapeHtml(shopUrl)}" style="color:#7f1d3a">Visit the shop</a></p>` : ''}`,
      leave: 'Not for you? Unsubscribe here, no login needed:',
      unsubscribeUrl,
    },
    shop,
  );
}

export function stockReturnedEmail(
  { productName, price, productUrl, unsubscribeUrl }: EmailTemplates['stock-returned'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const name = plainLine(productName);
  const back = `${name} is back in stock at ${shop.name}.`;
  const why = 'You asked us to tell you when it was back. This is the only email this request sends.';
  return unsubscribableEmail(
    {
      subject: `Back in stock: ${name}`,
      text: [back, `Price: ${plainLine(price)}`, '', `See it and order: ${productUrl}`, '', why, ''],
      html: `<p>${html(back)}</p>
<p style="font-size:18px;font-weight:bold">${html(price)}</p>
<p><a href="${escapeHtml(productUrl)}" style="color:#7f1d3a">See ${html(productName)} and order</a></p>
<p>${escapeHtml(why)}</p>`,
      leave: 'No more back-in-stock emails? This link stops them for this address, no login needed:',
      unsubscribeUrl,
    },
    shop,
  );
}

/** A request made with this address, confirmed by the link: an email that says so and asks nothing else. */
function confirmationEmail(
  {
    subject,
    asked,
    button,
    confirmUrl,
    hours,
  }: { subject: string; asked: string; button: string; confirmUrl: string; hours: number },
  shop: EmailShop,
): RenderedEmail {
  const how = `To confirm, open this link within ${hours} hours and press the button:`;
  const ignore = 'If you did not ask, ignore this email: nothing more will be sent to you about it.';
  return {
    subject,
    text: ['Hello,', '', asked, '', how, confirmUrl, '', ignore, '', shop.name].join('\n'),
    html: layout(
      subject,
      `<p>Hello,</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${escapeHtml(confirmUrl)}" style="color:#7f1d3a">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#57534e">${escapeHtml(`This link works for ${hours} hours.`)} ${escapeHtml(ignore)}</p>`,
      shop,
    ),
  };
}

export function stockAlertConfirmEmail(
  { productName, confirmUrl, hours }: EmailTemplates['stock-alert-confirm'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  return confirmationEmail(
    {
      subject: 'Confirm your alert',
      asked: `Someone asked ${shop.name} to email this address once when ${plainLine(productName)} is back in stock.`,
      button: 'Confirm your alert',
      confirmUrl,
      hours,
    },
    shop,
  );
}

export function newsletterConfirmEmail(
  { confirmUrl, hours }: EmailTemplates['newsletter-confirm'],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  return confirmationEmail(
    {
      subject: `Confirm your subscription to ${shop.name}`,
      asked: `This address unsubscribed from the ${shop.name} newsletter, and someone signed it up again. It stays off the list unless you confirm.`,
      button: 'Subscribe again',
      confirmUrl,
      hours,
    },
    shop,
  );
}

/** The emails written to the shop itself (its inbox, ORDERS_EMAIL), about a customer; the rest go to customers. */
export const SHOP_TEMPLATES: ReadonlySet<EmailTemplateName> = new Set([
  'contact-message',
  'order-placed-shop',
  'transfer-proof-shop',
  'pod-confirm-reminder-shop',
  'proof-review-reminder-shop',
]);

/** Who an email goes to, as the outbox worker finds them when it writes it. */
export interface EmailRecipient {
  /** The address belongs to an account whose emailed link proved it (SECURITY.md "Verified email"). */
  verified: boolean;
}

/**
 * The data of a customer email as an unverified recipient gets it: nothing the customer typed,
 * so an account registered under a stranger's address cannot make the shop mail them its words
 * (a greeting without the name, the order's address as area, city and state only, no new
 * address in the email-changed notice). A contact form's confirmation always counts as
 * unverified: the visitor typed both the address and the name in the same request.
 */
export function recipientData<Name extends EmailTemplateName>(
  name: Name,
  data: EmailTemplates[Name],
  recipient: EmailRecipient,
): EmailTemplates[Name] {
  if (SHOP_TEMPLATES.has(name)) return data;
  if (recipient.verified && name !== 'contact-confirmation') return data;
  const guarded: Record<string, unknown> = { ...(data as object) };
  if ('firstName' in guarded) guarded.firstName = '';
  if ('fullname' in guarded) guarded.fullname = '';
  if ('newEmail' in guarded) delete guarded.newEmail;
  if (name === 'order-placed') {
    const { address } = data as EmailTemplates['order-placed'];
    guarded.address = {
      firstName: '',
      lastName: '',
      address: '',
      area: address.area ?? null,
      city: address.city,
      state: address.state,
      zipCode: '',
      country: address.country,
      placeOnly: true,
    } satisfies OrderPlacedAddress;
  }
  return guarded as EmailTemplates[Name];
}

/**
 * The email `name` with `data`, signed with the shop's details (DEFAULT_EMAIL_SHOP before any
 * save), for `recipient` (recipientData). The outbox worker always says who; a template's own
 * test may leave it out and get the verified customer's email.
 */
export function renderEmail<Name extends EmailTemplateName>(
  name: Name,
  data: EmailTemplates[Name],
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
  recipient: EmailRecipient = { verified: true },
): RenderedEmail {
  const email = renderTemplate(name, recipientData(name, data, recipient), shop);
  // Whatever a template puts in it, a subject stays one line.
  return { ...email, subject: subjectLine(email.subject) };
}

function renderTemplate<Name extends EmailTemplateName>(
  name: Name,
  data: EmailTemplates[Name],
  shop: EmailShop,
): RenderedEmail {
  switch (name) {
    case 'password-reset-otp':
      return passwordResetOtpEmail(data as EmailTemplates['password-reset-otp'], shop);
    case 'welcome':
      return welcomeEmail(data as EmailTemplates['welcome'], shop);
    case 'email-verification':
      return emailVerificationEmail(data as EmailTemplates['email-verification'], shop);
    case 'email-changed':
      return emailChangedEmail(data as EmailTemplates['email-changed'], shop);
    case 'contact-message':
      return contactMessageEmail(data as EmailTemplates['contact-message'], shop);
    case 'contact-confirmation':
      return contactConfirmationEmail(data as EmailTemplates['contact-confirmation'], shop);
    case 'order-paid':
      return orderPaidEmail(data as EmailTemplates['order-paid'], shop);
    case 'order-status-changed':
      return orderStatusChangedEmail(data as EmailTemplates['order-status-changed'], shop);
    case 'order-payment-reminder':
      return orderPaymentReminderEmail(data as EmailTemplates['order-payment-reminder'], shop);
    case 'order-placed':
      return orderPlacedEmail(data as EmailTemplates['order-placed'], shop);
    case 'order-placed-shop':
      return orderPlacedShopEmail(data as EmailTemplates['order-placed-shop'], shop);
    case 'transfer-proof-shop':
      return transferProofShopEmail(data as EmailTemplates['transfer-proof-shop'], shop);
    case 'transfer-proof-rejected':
      return transferProofRejectedEmail(data as EmailTemplates['transfer-proof-rejected'], shop);
    case 'newsletter-welcome':
      return newsletterWelcomeEmail(data as EmailTemplates['newsletter-welcome'], shop);
    case 'stock-returned':
      return stockReturnedEmail(data as EmailTemplates['stock-returned'], shop);
    case 'pod-confirm-reminder-shop':
      return podConfirmReminderShopEmail(data as EmailTemplates['pod-confirm-reminder-shop'], shop);
    case 'proof-review-reminder-shop':
      return proofReviewReminderShopEmail(data as EmailTemplates['proof-review-reminder-shop'], shop);
    case 'stock-alert-confirm':
      return stockAlertConfirmEmail(data as EmailTemplates['stock-alert-confirm'], shop);
    case 'newsletter-confirm':
      return newsletterConfirmEmail(data as EmailTemplates['newsletter-confirm'], shop);
    default:
      throw new Error(`unknown email template ${String(name)}`);
  }
}
