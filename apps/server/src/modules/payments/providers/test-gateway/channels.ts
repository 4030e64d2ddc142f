import { isPaystackChannel, type PaystackChannel, TEST_GATEWAY_CHANNELS } from '@shop/shared';
import type { GatewayTransaction } from './gateway-store';

// The test gateway's other channels (docs/payments.md "Channels"): a bank transfer to a fixed test
// account, or a USSD code, each settled by a button in its window — "I've sent the money" or
// "Transfer failed", "I've paid with USSD" or "USSD payment failed".

/** Where the emulated bank transfer "goes": plainly not a real account. */
export const TEST_TRANSFER_ACCOUNT = {
  accountName: 'Paystack Checkout (test)',
  bankName: 'Test Bank',
  accountNumber: '0123456789',
} as const;

/** The channels the window settles with a button, and what a failure says (gateway_response). */
export const BUTTON_CHANNELS = {
  bank_transfer: { failure: 'Transfer failed' },
  ussd: { failure: 'USSD payment failed' },
} as const satisfies Partial<Record<PaystackChannel, { failure: string }>>;
export type ButtonChannel = keyof typeof BUTTON_CHANNELS;

export const isButtonChannel = (value: unknown): value is ButtonChannel =>
  typeof value === 'string' && Object.hasOwn(BUTTON_CHANNELS, value);

/** A USSD string for the transaction, as a bank's code would be (GTBank's *737#). */
export function ussdCodeOf(tx: Pick<GatewayTransaction, 'id'>): string {
  return `*737*000*${String(tx.id).padStart(4, '0').slice(-4)}#`;
}

/**
 * initialize's `channels`: absent means card alone (the shop's default; Paystack itself would
 * offer every channel of the integration). Names Paystack does not know are refused, as are lists
 * with nothing this gateway emulates; known but unemulated names (qr, …) are left out.
 */
export function readChannels(
  value: unknown,
): { ok: true; channels: PaystackChannel[] | undefined } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, channels: undefined };
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string' || !isPaystackChannel(name))) {
    return { ok: false, message: 'Invalid channels: use card, bank, ussd, qr, mobile_money or bank_transfer' };
  }
  const emulated = [...new Set(value as PaystackChannel[])].filter((name) => TEST_GATEWAY_CHANNELS.includes(name));
  if (emulated.length === 0) {
    return { ok: false, message: `The test gateway emulates only ${TEST_GATEWAY_CHANNELS.join(', ')}` };
  }
  return { ok: true, channels: emulated };
}
