import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './account-messages';
import { profileUpdateRequestSchema, registerFormSchema } from './accounts';
import {
  isLagos,
  LAGOS_AREAS,
  LAGOS_STATE,
  lagosDate,
  NIGERIAN_STATE_OPTIONS,
  NIGERIAN_STATES,
  nigerianMobile,
  nigerianStateLabel,
  normalizePhoneNumber,
  phoneNumberSchema,
  requiredPhoneNumberSchema,
} from './nigeria';
import { ORDER_MESSAGES } from './order-messages';
import { createOrderRequestSchema, deliveryArea, shippingDetailsSchema } from './orders';

describe('the Nigerian lists', () => {
  it('names the 36 states and the FCT once each, and Lagos among them', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(NIGERIAN_STATES).toContain('Federal Capital Territory');
    expect(NIGERIAN_STATES).toContain('Akwa Ibom');
    expect(NIGERIAN_STATES).toContain(LAGOS_STATE);
    expect(isLagos('Lagos')).toBe(true);
    expect(isLagos('lagos')).toBe(false);
    expect(isLagos(null)).toBe(false);
  });

  it('names Lagos’s 20 local government areas once each', () => {
    expect(LAGOS_AREAS).toHaveLength(20);
    expect(new Set(LAGOS_AREAS).size).toBe(20);
    expect(LAGOS_AREAS).toEqual(expect.arrayContaining(['Eti-Osa', 'Ikeja', 'Surulere', 'Lagos Island']));
  });

  it('shows the FCT as "FCT (Abuja)", in the alphabetical place of what it shows', () => {
    expect(nigerianStateLabel('Federal Capital Territory')).toBe('FCT (Abuja)');
    expect(nigerianStateLabel('Kano')).toBe('Kano');
    const labels = NIGERIAN_STATE_OPTIONS.map((option) => option.label);
    expect(labels.slice(12, 16)).toEqual(['Ekiti', 'Enugu', 'FCT (Abuja)', 'Gombe']);
    expect(NIGERIAN_STATE_OPTIONS.map((option) => option.value).sort()).toEqual([...NIGERIAN_STATES].sort());
  });
});

describe('the phone number rule', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['(0803) 123.4567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['234 803 123 4567', '+2348031234567'],
    ['+234 0803 123 4567', '+2348031234567'],
    ['2340803-123-4567', '+2348031234567'],
    ['0706\u00a0123 4567', '+2347061234567'],
    ['0901 234 5678', '+2349012345678'],
    ['0811 234 5678', '+2348112345678'],
  ])('keeps the Nigerian mobile %j as %s', (typed, kept) => {
    expect(nigerianMobile(typed)).toBe(kept);
    expect(normalizePhoneNumber(typed)).toBe(kept);
  });

  it.each([
    // Not a mobile (the third digit is neither 0 nor 1, or it starts 06), too short, too long.
    ['0822 123 4567', '08221234567'],
    ['0603 123 4567', '06031234567'],
    ['0803 123 456', '0803123456'],
    ['0803 123 45678', '080312345678'],
    // Foreign numbers: only the separators go.
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (202) 555-0143', '+12025550143'],
    ['+233 20 123 4567', '+233201234567'],
    ['00 234 803 123 4567', '002348031234567'],
    ['', ''],
  ])('keeps %j as typed, without separators: %j', (typed, kept) => {
    expect(nigerianMobile(typed)).toBeNull();
    expect(normalizePhoneNumber(typed)).toBe(kept);
  });

  it('validates with SPEC’s rule after normalising: 10 to 15 digits, an optional leading +', () => {
    const required = requiredPhoneNumberSchema(ORDER_MESSAGES.phoneRequired);
    expect(required.parse(' 0803 123 4567 ')).toBe('+2348031234567');
    expect(required.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(required.safeParse('').error?.issues[0]?.message).toBe(ORDER_MESSAGES.phoneRequired);
    for (const wrong of ['0803 123', '12345678901234567', 'call me', '0803+1234567', '0'.repeat(31)]) {
      expect(required.safeParse(wrong).error?.issues[0]?.message, wrong).toBe('Please enter a valid phone number');
    }
    expect(phoneNumberSchema.parse('')).toBeNull();
    expect(phoneNumberSchema.parse('234 803 123 4567')).toBe('+2348031234567');
    expect(phoneNumberSchema.safeParse('12345').error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.phoneInvalid);
  });

  it('is the rule of register and profile too', () => {
    const form = registerFormSchema.parse({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      password: 'Secret1!',
      confirmPassword: 'Secret1!',
      phoneNumber: '0803-123-4567',
    });
    expect(form.phoneNumber).toBe('+2348031234567');
    expect(profileUpdateRequestSchema.parse({ phoneNumber: '+234 0803 123 4567' }).phoneNumber).toBe('+2348031234567');
    expect(profileUpdateRequestSchema.parse({ phoneNumber: '+1 202 555 0143' }).phoneNumber).toBe('+12025550143');
  });
});

describe('the shipping address', () => {
  const lagos = {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    phoneNumber: '0803 123 4567',
    address: '12 Balogun Street',
    city: 'Lagos',
    state: 'Lagos',
    area: 'Ikeja',
    zipCode: '100001',
    country: 'Nigeria' as const,
  };
  const messagesOf = (details: Record<string, unknown>) =>
    Object.fromEntries(
      (shippingDetailsSchema.safeParse(details).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]),
    );

  it('takes a Lagos address with its area, and its phone in the one form', () => {
    const parsed = shippingDetailsSchema.parse(lagos);
    expect(parsed).toMatchObject({ state: 'Lagos', area: 'Ikeja', phoneNumber: '+2348031234567' });
    expect(deliveryArea(parsed)).toBe('Ikeja');
  });

  it('asks for the area in Lagos, one of the 20', () => {
    for (const area of [undefined, null, '', 'Lekki', 'ikeja']) {
      expect(messagesOf({ ...lagos, area }), String(area)).toEqual({ area: ORDER_MESSAGES.areaRequired });
    }
    expect(ORDER_MESSAGES.areaRequired).toBe('Please choose your area (local government)');
  });

  it('asks for one of the 36 states or the FCT in Nigeria', () => {
    for (const state of ['Lagoss', 'Abuja', 'lagos', 'Greater Accra']) {
      expect(messagesOf({ ...lagos, state }), state).toEqual({ state: ORDER_MESSAGES.stateInvalid });
    }
    expect(messagesOf({ ...lagos, state: '' })).toEqual({ state: ORDER_MESSAGES.stateRequired });
    expect(ORDER_MESSAGES.stateInvalid).toBe('Please choose your state');
  });

  it('needs no area outside Lagos, and an order keeps none there even if one was sent', () => {
    const abuja = shippingDetailsSchema.parse({ ...lagos, state: 'Federal Capital Territory', area: 'Ikeja' });
    expect(deliveryArea(abuja)).toBeNull();
    expect(deliveryArea(shippingDetailsSchema.parse({ ...lagos, state: 'Kano', area: undefined }))).toBeNull();
  });

  it('keeps the state free text in other countries, with no area', () => {
    const accra = shippingDetailsSchema.parse({
      ...lagos,
      state: 'Greater Accra',
      area: undefined,
      country: 'Ghana',
      phoneNumber: '+233 20 123 4567',
    });
    expect(accra).toMatchObject({ state: 'Greater Accra', phoneNumber: '+233201234567' });
    expect(deliveryArea({ ...accra, state: 'Lagos', area: 'Ikeja' })).toBeNull();
  });

  it('refuses a web link in the street, city, state or postcode, as it does in a name', () => {
    const links = [
      'URGENT re-enter your card at https://pay.example',
      'Visit www.example.ng now',
      'verify at stitch-and-trim-support.com',
      'http://10.0.0.1/x',
    ];
    for (const link of links) {
      expect(messagesOf({ ...lagos, address: link }), link).toEqual({ address: ORDER_MESSAGES.addressHasLink });
      expect(messagesOf({ ...lagos, city: link.slice(0, 100) }), link).toEqual({ city: ORDER_MESSAGES.addressHasLink });
      expect(messagesOf({ ...lagos, zipCode: 'www.x.com' })).toEqual({ zipCode: ORDER_MESSAGES.addressHasLink });
      const abroad = { ...lagos, country: 'Ghana', area: undefined, phoneNumber: '+233201234567' };
      expect(messagesOf({ ...abroad, state: link.slice(0, 100) }), link).toEqual({
        state: ORDER_MESSAGES.addressHasLink,
      });
    }
    expect(ORDER_MESSAGES.addressHasLink).toBe('Please enter the address without web links');
    // What addresses are made of still passes: abbreviations, plot and shop numbers, a "No." or two.
    for (const address of [
      'Plot 5, Shop 12, Computer Village, Ikeja',
      'No. 3 Adeola Odeku St., V.I.',
      'Blk 4 Flat 2',
    ]) {
      expect(messagesOf({ ...lagos, address }), address).toEqual({});
    }
  });

  it('refuses a web link in the address kept on the profile', () => {
    const result = profileUpdateRequestSchema.safeParse({ address: '12 Balogun St, see https://evil.example' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([ACCOUNT_MESSAGES.addressHasLink]);
    expect(profileUpdateRequestSchema.parse({ address: '12 Balogun Street\nIkeja' }).address).toBe(
      '12 Balogun Street\nIkeja',
    );
  });

  it('sends the messages under the shipping details of an order request', () => {
    const result = createOrderRequestSchema.safeParse({
      shippingDetails: { ...lagos, area: undefined, phoneNumber: '0803' },
      paymentDetails: { method: 'bankTransfer', transactionId: null },
      deliveryMethod: 'EXPRESS',
      items: [{ productId: 'p', quantity: 1, price: 1 }],
    });
    const messages = (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([['shippingDetails.phoneNumber', 'Please enter a valid phone number']]),
    );
  });
});

describe('the Lagos day', () => {
  it('is already the next day from 23:00 UTC, and counts days either side', () => {
    expect(lagosDate(Date.parse('2026-12-01T22:59:59Z'))).toBe('2026-12-01');
    expect(lagosDate(Date.parse('2026-12-01T23:00:00Z'))).toBe('2026-12-02');
    expect(lagosDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(lagosDate(Date.parse('2026-03-01T12:00:00Z'), -1)).toBe('2026-02-28');
    expect(lagosDate(Date.parse('2026-12-01T23:30:00Z'), 1)).toBe('2026-12-03');
  });
});
