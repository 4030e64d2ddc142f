import { describe, expect, it } from 'vitest';
import { whatsappDigits, whatsappHref } from './whatsapp';
import {
  productPageUrl,
  WHATSAPP_ITEMS_MAX,
  WHATSAPP_MESSAGES,
  type WhatsAppItem,
  whatsappShareHref,
} from './whatsapp-messages';

const text = (href: string) => new URL(href).searchParams.get('text');

const lace = {
  name: 'French Lace',
  unitPrice: '₦1,200 / yard',
  url: 'https://shop.example.com/products/french-lace',
};

const items: WhatsAppItem[] = [
  {
    name: 'French Lace',
    terms: { unit: 'yard', packSize: null, packItemName: null },
    hundredths: 250,
    lineTotal: 3000,
  },
  {
    name: 'Brass Buttons',
    terms: { unit: 'pack', packSize: 12, packItemName: 'buttons' },
    hundredths: 300,
    lineTotal: 7500,
  },
  {
    name: 'Tailor’s Chalk',
    terms: { unit: 'piece', packSize: null, packItemName: null },
    hundredths: 100,
    lineTotal: 450.5,
  },
];

describe('whatsappDigits', () => {
  it.each([
    ['+2348012345678', '2348012345678'],
    ['2348012345678', '2348012345678'],
    ['08012345678', '2348012345678'],
    ['0801 234 5678', '2348012345678'],
    ['+234 0801 234 5678', '2348012345678'],
    ['(0801) 234-5678', '2348012345678'],
    ['012345678', '23412345678'],
    ['00447700900123', '447700900123'],
    ['+447700900123', '447700900123'],
  ])('%s → %s', (stored, digits) => {
    expect(whatsappDigits(stored)).toBe(digits);
  });

  it.each(['', '   ', '+', 'call us', '+0801234567', '12345', '+1234567890123456', '0'])('refuses %j', (stored) => {
    expect(whatsappDigits(stored)).toBeNull();
  });
});

describe('links', () => {
  it('opens a chat with the digits alone, and none for an unusable number', () => {
    expect(whatsappHref('+2348012345678')).toBe('https://wa.me/2348012345678');
    expect(whatsappHref('not a number', 'Hello')).toBeNull();
  });

  it('encodes the naira sign, the ampersand and new lines in the text', () => {
    expect(whatsappHref('+2348012345678', 'Stitch & Trim\n₦1,200')).toBe(
      'https://wa.me/2348012345678?text=Stitch%20%26%20Trim%0A%E2%82%A61%2C200',
    );
    expect(whatsappShareHref('a & b')).toBe('https://wa.me/?text=a%20%26%20b');
  });

  it("writes a product page's address as its canonical link does", () => {
    expect(productPageUrl('https://shop.example.com/', 'french-lace')).toBe(
      'https://shop.example.com/products/french-lace',
    );
    expect(productPageUrl('https://shop.example.com', 'lace & tulle')).toBe(
      'https://shop.example.com/products/lace%20%26%20tulle',
    );
  });
});

describe('messages', () => {
  it('shares a product: name, price per unit, address', () => {
    const href = whatsappShareHref(WHATSAPP_MESSAGES.productShare(lace));
    expect(href).toBe(
      'https://wa.me/?text=French%20Lace%2C%20%E2%82%A61%2C200%20%2F%20yard%0Ahttps%3A%2F%2Fshop.example.com%2Fproducts%2Ffrench-lace',
    );
    expect(text(href)).toBe('French Lace, ₦1,200 / yard\nhttps://shop.example.com/products/french-lace');
  });

  it('asks the shop about a product, greeting it by name', () => {
    const href = whatsappHref('+2348012345678', WHATSAPP_MESSAGES.productEnquiry('Stitch & Trim', lace));
    expect(href).toMatch(/^https:\/\/wa\.me\/2348012345678\?text=Hello%20Stitch%20%26%20Trim%2C%20/);
    expect(text(href ?? '')).toBe(
      "Hello Stitch & Trim, I'd like to ask about French Lace (₦1,200 / yard).\nhttps://shop.example.com/products/french-lace",
    );
  });

  it('sends the cart: each line with its quantity in its unit and price, then the subtotal', () => {
    expect(WHATSAPP_MESSAGES.cart('Stitch & Trim Supplies', items, 10950.5)).toBe(
      [
        "Hello Stitch & Trim Supplies, I'd like to order what is in my cart:",
        '- French Lace: 2.5 yd, ₦3,000.00',
        '- Brass Buttons: 3 packs (36 buttons), ₦7,500.00',
        '- Tailor’s Chalk: 1 piece, ₦450.50',
        'Subtotal: ₦10,950.50',
      ].join('\n'),
    );
  });

  it('sends an order: its number, items and total', () => {
    expect(
      WHATSAPP_MESSAGES.order('Stitch & Trim', { orderNumber: 'TS-7K4Q9M2X', items: items.slice(0, 2), total: 12000 }),
    ).toBe(
      [
        "Hello Stitch & Trim, I'm writing about my order TS-7K4Q9M2X:",
        '- French Lace: 2.5 yd, ₦3,000.00',
        '- Brass Buttons: 3 packs (36 buttons), ₦7,500.00',
        'Total: ₦12,000.00',
      ].join('\n'),
    );
  });

  it('keeps a name on one line and cuts a long one', () => {
    const long = { ...lace, name: `Lace\nwith  ${'x'.repeat(200)}` };
    const [first] = WHATSAPP_MESSAGES.productShare(long).split('\n');
    expect(first).toBe(`Lace with ${'x'.repeat(69)}…, ₦1,200 / yard`);
  });

  it(`lists at most ${WHATSAPP_ITEMS_MAX} lines, then counts the rest`, () => {
    const many = Array.from(
      { length: WHATSAPP_ITEMS_MAX + 3 },
      (_, i) => ({ ...items[2], name: `Chalk ${i + 1}` }) as WhatsAppItem,
    );
    const lines = WHATSAPP_MESSAGES.cart('Shop', many, 1).split('\n');
    expect(lines).toHaveLength(WHATSAPP_ITEMS_MAX + 3);
    expect(lines.at(-3)).toBe(`- Chalk ${WHATSAPP_ITEMS_MAX}: 1 piece, ₦450.50`);
    expect(lines.at(-2)).toBe('- and 3 more items');
    expect(
      WHATSAPP_MESSAGES.cart('Shop', many.slice(0, WHATSAPP_ITEMS_MAX + 1), 1)
        .split('\n')
        .at(-2),
    ).toBe('- and 1 more item');
  });
});
