// Paystack's test cards (../shared/PAYSTACK.md, "Test mode") and what each one does.

export interface TestCard {
  number: string;
  cvv: string;
  pin?: string;
  otp?: string;
  /** Set for a card that is refused: the transaction fails with this gateway_response. */
  failure?: string;
  brand: 'visa' | 'verve';
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4084084084084081', cvv: '408', brand: 'visa' },
  { number: '507850785078507812', cvv: '081', pin: '1111', brand: 'verve' },
  { number: '5060666666666666666', cvv: '123', pin: '1234', otp: '123456', brand: 'verve' },
  { number: '4084080000005408', cvv: '001', failure: 'Declined', brand: 'visa' },
  { number: '4084080000670037', cvv: '787', failure: 'Insufficient Funds', brand: 'visa' },
];

export interface ChargeInput {
  cardNumber: string;
  expiry: string;
  cvv: string;
  pin?: string;
  otp?: string;
}

/**
 * What one charge attempt leads to. `invalid` leaves the transaction as it was (a typo, a wrong
 * PIN); `send_pin` / `send_otp` ask for the next step; `failed` and `success` are outcomes.
 */
export type ChargeDecision =
  | { kind: 'invalid'; message: string; field: 'cardNumber' | 'expiry' | 'cvv' | 'pin' | 'otp' }
  | { kind: 'send_pin' }
  | { kind: 'send_otp' }
  | { kind: 'failed'; gatewayResponse: string; last4: string }
  | { kind: 'success'; last4: string };

const digits = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');

/** MM/YY (or MM/YYYY) not before this month. */
export function isFutureExpiry(expiry: string, now = new Date()): boolean {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export function decideCharge(input: ChargeInput, now = new Date()): ChargeDecision {
  const number = digits(input.cardNumber);
  if (!/^\d{12,19}$/.test(number)) return { kind: 'invalid', field: 'cardNumber', message: 'Invalid card number' };
  const card = TEST_CARDS.find((candidate) => candidate.number === number);
  if (!card) {
    return { kind: 'invalid', field: 'cardNumber', message: 'This test gateway only takes Paystack test cards' };
  }
  if (!isFutureExpiry(input.expiry, now)) return { kind: 'invalid', field: 'expiry', message: 'Invalid expiry date' };
  if (digits(input.cvv) !== card.cvv) return { kind: 'invalid', field: 'cvv', message: 'Incorrect CVV' };
  const last4 = number.slice(-4);
  if (card.failure) return { kind: 'failed', gatewayResponse: card.failure, last4 };
  if (card.pin) {
    const pin = digits(input.pin);
    if (!pin) return { kind: 'send_pin' };
    if (pin !== card.pin) return { kind: 'invalid', field: 'pin', message: 'Incorrect PIN' };
  }
  if (card.otp) {
    const otp = digits(input.otp);
    if (!otp) return { kind: 'send_otp' };
    if (otp !== card.otp) return { kind: 'invalid', field: 'otp', message: 'Incorrect OTP' };
  }
  return { kind: 'success', last4 };
}
