// Pay on delivery (issue 22 item 2, docs/decisions/022-pay-on-delivery.md): cash, POS or a
// transfer at the door, offered for Lagos addresses only, up to a per-order cap, to a customer
// with no other pay-on-delivery order still open. The same rule runs on checkout (live) and on
// the server (inside the order's transaction, where it decides).

import { z } from 'zod';
import { KOBO_PER_NAIRA } from './constants';
import { formatNairaShort, koboToNaira } from './money';
import { isLagos } from './nigeria';
import { ORDER_MESSAGES as M } from './order-messages';
import { amountReceivedSchema } from './orders-admin';
import { text } from './text';

/** The default cap of one pay-on-delivery order, in naira (PAY_ON_DELIVERY_CAP_NAIRA; 0 switches it off). */
export const POD_CAP_NAIRA_DEFAULT = 150_000;

/** How the rider was paid at the door. */
export const POD_PAYMENT_WAYS = ['cash', 'pos', 'transfer'] as const;
export type PodPaymentWay = (typeof POD_PAYMENT_WAYS)[number];
export const POD_PAYMENT_WAY_LABELS: Record<PodPaymentWay, string> = {
  cash: 'Cash',
  pos: 'POS',
  transfer: 'Transfer',
};

export type PayOnDeliveryRefusal = 'off' | 'not-lagos' | 'over-cap' | 'unverified-email' | 'open-order';

export type PayOnDeliveryOffer = { offered: true } | { offered: false; reason: PayOnDeliveryRefusal; message: string };

/**
 * Whether pay on delivery is offered for an order: a Nigerian address in Lagos State (whatever
 * the delivery method: pickup too, but only with a Lagos address), a total with delivery of at
 * most the cap (0: the method is off), a customer whose email address is verified (the shop
 * phones them and holds the stock longest: it must be their own address, SECURITY.md "Verified
 * email"), and no open pay-on-delivery order of the customer (placed, not yet paid and not
 * cancelled). The first reason that applies is given.
 */
export function payOnDeliveryOffer(input: {
  country: string | null | undefined;
  state: string | null | undefined;
  /** The order's total with delivery, in kobo. */
  totalKobo: number;
  capKobo: number;
  /** The customer's email address is verified (User.emailVerified). */
  emailVerified: boolean;
  hasOpenPodOrder: boolean;
}): PayOnDeliveryOffer {
  if (input.capKobo <= 0) return { offered: false, reason: 'off', message: M.podSwitchedOff };
  if (input.country !== 'Nigeria' || !isLagos(input.state)) {
    return { offered: false, reason: 'not-lagos', message: M.podLagosOnly };
  }
  if (input.totalKobo > input.capKobo) {
    return { offered: false, reason: 'over-cap', message: M.podOverCap(formatNairaShort(koboToNaira(input.capKobo))) };
  }
  if (!input.emailVerified) return { offered: false, reason: 'unverified-email', message: M.podEmailUnverified };
  if (input.hasOpenPodOrder) return { offered: false, reason: 'open-order', message: M.podOpenOrder };
  return { offered: true };
}

export const podCapKobo = (capNaira: number) => Math.round(capNaira * KOBO_PER_NAIRA);

// ---------- The admin's steps (POST /api/orders/{id}/pay-on-delivery/…) ----------

export const POD_ADMIN_MESSAGES = {
  notPayOnDelivery: 'Only a pay-on-delivery order can be handled this way',
  alreadyConfirmed: 'This order has already been confirmed',
  confirmedNote: 'Confirmed by phone',
  confirmed: 'Order confirmed by phone',
  received: 'Delivered and paid: the order is paid',
  refused: 'Delivery refused: the order is cancelled and its stock returned',
  alreadyCancelled: 'This order is already cancelled',
  reasonRequired: 'Please say why the delivery was refused',
  howRequired: 'Choose how the rider was paid',
  /** The history note of the money received: 'Paid on delivery: ₦12,000 by POS'. */
  receivedNote: (amount: string, how: PodPaymentWay) => `Paid on delivery: ${amount} by ${POD_PAYMENT_WAY_LABELS[how]}`,
  refusedNote: (reason: string) => `Delivery refused: ${reason}`,
  /** The history note of an order the shop did not confirm by phone within the settings' window. */
  notConfirmedNote: 'Not confirmed by phone in time',
} as const;

export const podConfirmRequestSchema = z.object({
  /** What the customer said on the phone; shown only to admins. */
  note: text(500, { multiline: true }).default(''),
});
export type PodConfirmRequest = z.input<typeof podConfirmRequestSchema>;

export const podReceivedRequestSchema = z.object({
  /** Naira the rider brought back: at least the order's total (TRANSFER_AMOUNT_SHORT otherwise). */
  amountReceived: amountReceivedSchema,
  how: z.enum(POD_PAYMENT_WAYS, { message: POD_ADMIN_MESSAGES.howRequired }),
  note: text(500, { multiline: true }).default(''),
});
export type PodReceivedRequest = z.input<typeof podReceivedRequestSchema>;

export const podRefusedRequestSchema = z.object({
  reason: text(500, { message: POD_ADMIN_MESSAGES.reasonRequired, multiline: true }).min(
    1,
    POD_ADMIN_MESSAGES.reasonRequired,
  ),
});
export type PodRefusedRequest = z.input<typeof podRefusedRequestSchema>;

// ---------- Shapes the server sends ----------

/** A pay-on-delivery order's own steps, on the order (absent for the other methods). */
export const podStepsSchema = z.object({
  /** When the shop confirmed it by phone. */
  confirmedAt: z.string().nullable(),
  /** The money the rider received (naira) and how, once delivered and paid. */
  received: z.object({ amount: z.number(), how: z.enum(POD_PAYMENT_WAYS) }).nullable(),
});
export type PodSteps = z.infer<typeof podStepsSchema>;

/** GET /api/payments/config's `payOnDelivery`. */
export const podConfigSchema = z.object({ enabled: z.boolean(), capNaira: z.number() });
export type PodConfig = z.infer<typeof podConfigSchema>;

/** GET /api/payments/pay-on-delivery: the customer's open pay-on-delivery order, if any. */
export const podEligibilitySchema = z.object({
  openOrder: z.object({ id: z.string(), orderNumber: z.string() }).nullable(),
});
export type PodEligibility = z.infer<typeof podEligibilitySchema>;
