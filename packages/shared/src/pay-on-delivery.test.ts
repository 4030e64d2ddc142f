import { describe, expect, it } from 'vitest';
import {
  ORDER_MESSAGES,
  payOnDeliveryOffer,
  podCapKobo,
  podReceivedRequestSchema,
  podRefusedRequestSchema,
} from './index';

const CAP = podCapKobo(150_000);
const lagos = {
  country: 'Nigeria',
  state: 'Lagos',
  totalKobo: 50_000_00,
  capKobo: CAP,
  emailVerified: true,
  hasOpenPodOrder: false,
};

describe('payOnDeliveryOffer', () => {
  it('offers pay on delivery for a Lagos address under the cap', () => {
    expect(payOnDeliveryOffer(lagos)).toEqual({ offered: true });
  });

  it('offers it up to the cap exactly, not a kobo over', () => {
    expect(payOnDeliveryOffer({ ...lagos, totalKobo: CAP }).offered).toBe(true);
    expect(payOnDeliveryOffer({ ...lagos, totalKobo: CAP + 1 })).toEqual({
      offered: false,
      reason: 'over-cap',
      message: 'Pay on delivery is available for orders up to ₦150,000',
    });
  });

  it('refuses other states and other countries with the Lagos message', () => {
    for (const address of [
      { country: 'Nigeria', state: 'Abuja' },
      { country: 'Nigeria', state: 'FCT' },
      { country: 'Ghana', state: 'Lagos' },
      { country: 'Nigeria', state: '' },
    ]) {
      expect(payOnDeliveryOffer({ ...lagos, ...address })).toEqual({
        offered: false,
        reason: 'not-lagos',
        message: ORDER_MESSAGES.podLagosOnly,
      });
    }
    expect(ORDER_MESSAGES.podLagosOnly).toBe('Pay on delivery is available for Lagos addresses only');
  });

  it('refuses a customer with an open pay-on-delivery order', () => {
    expect(payOnDeliveryOffer({ ...lagos, hasOpenPodOrder: true })).toEqual({
      offered: false,
      reason: 'open-order',
      message: 'You already have a pay-on-delivery order awaiting delivery',
    });
  });

  it('refuses a customer whose email address is not verified, saying how to verify it', () => {
    expect(payOnDeliveryOffer({ ...lagos, emailVerified: false })).toEqual({
      offered: false,
      reason: 'unverified-email',
      message: 'Pay on delivery needs a verified email address. Open the link we emailed you, or send a new one.',
    });
  });

  it('gives the address and the cap before the unverified email, and that before the open order', () => {
    const unverified = { ...lagos, emailVerified: false };
    expect(payOnDeliveryOffer({ ...unverified, state: 'Kano' })).toMatchObject({ reason: 'not-lagos' });
    expect(payOnDeliveryOffer({ ...unverified, totalKobo: CAP + 1 })).toMatchObject({ reason: 'over-cap' });
    expect(payOnDeliveryOffer({ ...unverified, hasOpenPodOrder: true })).toMatchObject({ reason: 'unverified-email' });
  });

  it('is off when the cap is 0', () => {
    expect(payOnDeliveryOffer({ ...lagos, capKobo: 0 })).toMatchObject({ offered: false, reason: 'off' });
  });

  it('gives the address reason before the cap, and the cap before the open order', () => {
    expect(
      payOnDeliveryOffer({ ...lagos, state: 'Kano', totalKobo: CAP * 2, hasOpenPodOrder: true }).offered === false &&
        'not-lagos',
    ).toBe('not-lagos');
    expect(payOnDeliveryOffer({ ...lagos, totalKobo: CAP + 100, hasOpenPodOrder: true })).toMatchObject({
      reason: 'over-cap',
    });
  });

  it('reads the state as the state list spells it', () => {
    const offered = (state: string | undefined) => payOnDeliveryOffer({ ...lagos, state }).offered;
    expect(offered('Lagos')).toBe(true);
    expect(offered('Lagos State')).toBe(false);
    expect(offered('Federal Capital Territory')).toBe(false);
    expect(offered(undefined)).toBe(false);
  });
});

describe('the admin steps', () => {
  it('takes the amount as the transfer confirmation does, and how the rider was paid', () => {
    expect(podReceivedRequestSchema.parse({ amountReceived: '12000.50', how: 'pos' })).toEqual({
      amountReceived: 12000.5,
      how: 'pos',
      note: '',
    });
    const missing = podReceivedRequestSchema.safeParse({ amountReceived: '', how: 'cheque' });
    expect(missing.success).toBe(false);
    const messages = missing.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Amount received is required');
    expect(messages).toContain('Choose how the rider was paid');
  });

  it('needs a reason for a refused delivery', () => {
    const refused = podRefusedRequestSchema.safeParse({ reason: '   ' });
    expect(refused.error?.issues[0]?.message).toBe('Please say why the delivery was refused');
    expect(podRefusedRequestSchema.parse({ reason: 'Not at home' })).toEqual({ reason: 'Not at home' });
  });
});
