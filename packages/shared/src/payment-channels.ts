// Paystack's payment channels (PAYSTACK.md): which ways of paying the provider's window offers
// for a card-method payment. No zod here: the server's config and the web app both read it.

/** Every channel Paystack's initialize and inline checkout take. */
export const PAYSTACK_CHANNELS = ['card', 'bank_transfer', 'ussd', 'bank', 'qr', 'mobile_money'] as const;
export type PaystackChannel = (typeof PAYSTACK_CHANNELS)[number];

/** SPEC.md §7: the window allows card only unless PAYSTACK_CHANNELS says otherwise. */
export const PAYSTACK_CHANNELS_DEFAULT: readonly PaystackChannel[] = ['card'];

/** What the built-in test gateway can emulate (docs/payments.md); the others need Paystack itself. */
export const TEST_GATEWAY_CHANNELS: readonly PaystackChannel[] = ['card', 'bank_transfer', 'ussd'];

/** How the shop names a channel to people (the admin's payment events, the receipt). */
export const PAYSTACK_CHANNEL_NAMES: Record<PaystackChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  bank: 'Bank account',
  qr: 'QR code',
  mobile_money: 'Mobile money',
};

export const isPaystackChannel = (value: string): value is PaystackChannel =>
  (PAYSTACK_CHANNELS as readonly string[]).includes(value);

/**
 * PAYSTACK_CHANNELS as written (`card, bank_transfer,ussd`): the channels, in order and once
 * each, or the names that are not channels.
 */
export function parsePaystackChannels(
  setting: string,
): { ok: true; channels: PaystackChannel[] } | { ok: false; unknown: string[] } {
  const names = setting
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !isPaystackChannel(name));
  if (unknown.length > 0 || names.length === 0) return { ok: false, unknown };
  return { ok: true, channels: [...new Set(names)] as PaystackChannel[] };
}
