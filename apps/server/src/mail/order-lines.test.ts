import { describe, expect, it } from 'vitest';
import type { EmailOrderLine } from './order-lines';
import { type OrderPlacedData, renderEmail } from './templates';

// Every order email writes a line the same way: the quantity in its unit, the unit price paid
// (and what it was before a price break), and the line total as it was charged.

/** 12 yards crossing a break at 10: ₦1,050 a yard instead of ₦1,200. */
const LACE_AT_BREAK: EmailOrderLine = {
  name: 'Gold Swiss <lace>',
  quantityHundredths: 1_200,
  unit: 'yard',
  packSize: null,
  packItemName: null,
  priceKobo: 105_000,
  listPriceKobo: 120_000,
  lineTotalKobo: 1_260_000,
};
/** 2.5 yards at ₦1,234.57: 3,086.425 naira, charged ₦3,086.43 (rounded once, half up). */
const RIBBON: EmailOrderLine = {
  name: 'Velvet ribbon',
  quantityHundredths: 250,
  unit: 'yard',
  packSize: null,
  packItemName: null,
  priceKobo: 123_457,
  listPriceKobo: null,
  lineTotalKobo: 308_643,
};
const BUTTONS: EmailOrderLine = {
  name: 'Shirt buttons',
  quantityHundredths: 300,
  unit: 'pack',
  packSize: 12,
  packItemName: 'buttons',
  priceKobo: 250_000,
  listPriceKobo: null,
  lineTotalKobo: 750_000,
};
const ITEMS = [LACE_AT_BREAK, RIBBON, BUTTONS];

const TEXT_LINES = [
  '12 yd × Gold Swiss <lace> at ₦1,050 / yard (price break, was ₦1,200 / yard): ₦12,600.00',
  '2.5 yd × Velvet ribbon at ₦1,234.57 / yard: ₦3,086.43',
  '3 packs (36 buttons) × Shirt buttons at ₦2,500 / pack of 12: ₦7,500.00',
];

const totals = { subtotalKobo: 2_318_643, deliveryFeeKobo: 500_000, totalKobo: 2_818_643 };

const placed: OrderPlacedData = {
  firstName: 'Ada',
  orderNumber: 'TS-7K4Q9M2X',
  items: ITEMS,
  ...totals,
  deliveryMethod: 'EXPRESS',
  address: {
    firstName: 'Ada',
    lastName: 'Obi',
    phoneNumber: null,
    address: '12 Balogun Street',
    city: 'Lagos',
    state: 'Lagos',
    zipCode: '100001',
    country: 'Nigeria',
  },
  paymentMethod: 'card',
};

describe('the lines of the order emails', () => {
  const emails = {
    'order-placed': renderEmail('order-placed', placed),
    'order-placed-shop': renderEmail('order-placed-shop', {
      orderNumber: 'TS-7K4Q9M2X',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      paymentMethod: 'card',
      deliveryMethod: 'EXPRESS',
      totalKobo: totals.totalKobo,
      items: ITEMS,
    }),
    'order-paid': renderEmail('order-paid', { firstName: 'Ada', orderNumber: 'TS-7K4Q9M2X', items: ITEMS, ...totals }),
    'order-paid on delivery': renderEmail('order-paid', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      items: ITEMS,
      ...totals,
      paymentMethod: 'payOnDelivery',
      paidOnDelivery: { how: 'cash', receivedKobo: totals.totalKobo },
    }),
  };

  it.each(Object.entries(emails))(
    '%s: quantities in their unit, unit prices, the break and stored line totals',
    (_name, email) => {
      for (const line of TEXT_LINES) expect(email.text).toContain(line);
      // The HTML part says the same, escaped (the customer's emails strike the price before the break).
      expect(email.html).toContain('12 yd × Gold Swiss &lt;lace&gt;');
      expect(email.html).toMatch(/at ₦1,050 \/ yard \(price break, was (<s>)?₦1,200 \/ yard(<\/s>)?\)/);
      expect(email.html).toContain('₦12,600.00');
      expect(email.html).toContain('2.5 yd × Velvet ribbon');
      expect(email.html).toContain('₦3,086.43');
      expect(email.html).toContain('3 packs (36 buttons) × Shirt buttons');
      expect(email.html).toContain('₦2,500 / pack of 12');
      expect(email.html).not.toContain('<lace>');
    },
  );

  it('reads a line queued before units of sale (whole pieces, no total) as pieces', () => {
    const email = renderEmail('order-paid', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      items: [{ name: 'Gold lace', quantity: 2, priceKobo: 1_250_050 }],
      subtotalKobo: 2_500_100,
      deliveryFeeKobo: 0,
      totalKobo: 2_500_100,
    });
    expect(email.text).toContain('2 × Gold lace at ₦12,500.50: ₦25,001.00');
  });
});
