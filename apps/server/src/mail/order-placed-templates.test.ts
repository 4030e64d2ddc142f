import { describe, expect, it } from 'vitest';
import { type OrderPlacedData, renderEmail } from './templates';

const BANK = { accountName: 'Stitch & Trim <Ltd>', bankName: 'GTBank', accountNumber: '0123456789' };

function placed(overrides: Partial<OrderPlacedData> = {}): OrderPlacedData {
  return {
    firstName: '<b>Ada</b>',
    orderNumber: 'TS-7K4Q9M2X',
    items: [
      {
        name: 'Gold lace <script>alert(1)</script>',
        quantityHundredths: 200,
        unit: 'piece',
        packSize: null,
        packItemName: null,
        priceKobo: 1_250_050,
        listPriceKobo: null,
        lineTotalKobo: 2_500_100,
      },
      {
        name: 'Ribbon & trim',
        quantityHundredths: 100,
        unit: 'piece',
        packSize: null,
        packItemName: null,
        priceKobo: 150_000,
        listPriceKobo: null,
        lineTotalKobo: 150_000,
      },
    ],
    subtotalKobo: 2_650_100,
    deliveryFeeKobo: 500_000,
    totalKobo: 3_150_100,
    deliveryMethod: 'EXPRESS',
    address: {
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '+2348031234567',
      address: '12 Balogun Street\r\nBcc: evil@example.com',
      area: 'Lagos Island',
      city: 'Lagos',
      state: 'Lagos',
      zipCode: '100001',
      country: 'Nigeria',
    },
    paymentMethod: 'bankTransfer',
    deadline: '2026-11-27T13:30:00.000Z',
    bank: BANK,
    orderUrl: 'https://shop.example.com/orders/1?a="b"',
    ...overrides,
  };
}

describe('the order-placed email', () => {
  it('gives a transfer customer the items, totals, delivery, address, the account, the exact amount, the reference and the Lagos deadline', () => {
    const email = renderEmail('order-placed', placed());
    expect(email.subject).toBe('Order TS-7K4Q9M2X received');
    for (const line of [
      '2 × Gold lace <script>alert(1)</script> at ₦12,500.50: ₦25,001.00',
      '1 × Ribbon & trim at ₦1,500: ₦1,500.00',
      'Subtotal: ₦26,501.00',
      'Delivery: ₦5,000.00',
      'Total: ₦31,501.00',
      'Delivery method: Express delivery',
      'Lagos Island',
      'Lagos, Lagos 100001',
      'Amount: ₦31,501.00',
      'Account name: Stitch & Trim <Ltd>',
      'Bank: GTBank',
      'Account number: 0123456789',
      'Reference: TS-7K4Q9M2X',
      'exactly ₦31,501.00, with your order number TS-7K4Q9M2X as the reference',
    ]) {
      expect(email.text).toContain(line);
    }
    // 13:30 UTC is 2:30 pm in Lagos (UTC+1).
    expect(email.text).toMatch(/until Friday.*27 November 2026.*2:30.*pm \(Lagos time\)/);
    // What the customer typed cannot start a line of its own.
    expect(email.text).toContain('12 Balogun Street Bcc: evil@example.com');
    expect(email.text).not.toMatch(/^Bcc:/m);
    expect(email.text).toContain(
      'upload a picture or PDF of the transfer on your order page: https://shop.example.com/orders/1',
    );

    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Ada</b>');
    expect(email.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(email.html).toContain('Ribbon &amp; trim');
    expect(email.html).toContain('Account name: Stitch &amp; Trim &lt;Ltd&gt;');
    expect(email.html).toContain('Account number: 0123456789');
    expect(email.html).toContain('Reference: TS-7K4Q9M2X');
    expect(email.html).toContain('href="https://shop.example.com/orders/1?a=&quot;b&quot;"');
  });

  it('gives a card customer a link to pay while it is unpaid and when the hold ends, and no bank account', () => {
    const email = renderEmail('order-placed', placed({ paymentMethod: 'card', bank: undefined }));
    expect(email.text).toMatch(/We hold its items until Friday.*27 November 2026.*2:30.*pm \(Lagos time\)/);
    expect(email.text).toContain('Pay for it on your order page: https://shop.example.com/orders/1?a="b"');
    expect(email.text).not.toContain('Account number');
    expect(email.html).toContain('>Pay for your order</a>');
  });

  it('says something neutral about a payment method it does not know yet', () => {
    const email = renderEmail('order-placed', placed({ paymentMethod: 'somethingNew', bank: undefined }));
    expect(email.text).toContain(
      'Payment: somethingNew. We will tell you by email as soon as your payment is received.',
    );
    expect(email.text).not.toContain('Account number');
    expect(email.text).not.toContain('Pay for it');
  });

  it('tells a pay-on-delivery customer the shop calls first and the amount to have ready at the door', () => {
    const email = renderEmail(
      'order-placed',
      placed({ paymentMethod: 'payOnDelivery', bank: undefined, deadline: undefined }),
    );
    const total = '₦31,501.00';
    expect(email.text).toContain(
      `We will call you to confirm your order. When it arrives, pay the rider ${total} by cash, POS or transfer.`,
    );
    expect(email.html).toContain('pay the rider');
    expect(email.text).not.toContain('Account number');
    expect(email.text).not.toContain('Pay for it');
  });

  it('names the details rather than a delivery address for a pickup', () => {
    const email = renderEmail('order-placed', placed({ deliveryMethod: 'PICKUP' }));
    expect(email.text).toContain('Delivery method: Store pickup\nYour details:');
  });
});

describe("the shop's own emails", () => {
  it('announce a new order with its number, customer, method, total, items and the admin link, escaped', () => {
    const email = renderEmail('order-placed-shop', {
      orderNumber: 'TS-7K4Q9M2X',
      customerName: 'Ada <Obi>',
      customerEmail: 'ada@example.com',
      paymentMethod: 'bankTransfer',
      deliveryMethod: 'REGULAR',
      totalKobo: 3_150_100,
      items: [
        {
          name: 'Lace & <i>pearls</i>',
          quantityHundredths: 300,
          unit: 'piece',
          packSize: null,
          packItemName: null,
          priceKobo: 100_000,
          listPriceKobo: null,
          lineTotalKobo: 300_000,
        },
      ],
      adminUrl: 'https://shop.example.com/admin/orders/abc',
    });
    expect(email.subject).toBe('New order TS-7K4Q9M2X: ₦31,501.00 (Bank transfer)');
    for (const line of [
      'Order: TS-7K4Q9M2X',
      'Customer: Ada <Obi> <ada@example.com>',
      'Payment: Bank transfer',
      'Delivery: Regular delivery',
      'Total: ₦31,501.00',
      '3 × Lace & <i>pearls</i> at ₦1,000: ₦3,000.00',
      'Open it in the admin: https://shop.example.com/admin/orders/abc',
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).not.toContain('<i>pearls');
    expect(email.html).toContain('Ada &lt;Obi&gt;');
    expect(email.html).toContain('href="https://shop.example.com/admin/orders/abc"');
  });

  it('name pay on delivery as people say it', () => {
    const email = renderEmail('order-placed-shop', {
      orderNumber: 'TS-7K4Q9M2X',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      paymentMethod: 'payOnDelivery',
      deliveryMethod: 'EXPRESS',
      totalKobo: 2_500_000,
      items: [
        {
          name: 'Lace',
          quantityHundredths: 200,
          unit: 'piece',
          packSize: null,
          packItemName: null,
          priceKobo: 1_000_000,
          listPriceKobo: null,
          lineTotalKobo: 2_000_000,
        },
      ],
    });
    expect(email.subject).toBe('New order TS-7K4Q9M2X: ₦25,000.00 (Pay on delivery)');
    expect(email.text).toContain('Payment: Pay on delivery');
  });

  it('announce a transfer proof with the admin link', () => {
    const email = renderEmail('transfer-proof-shop', {
      orderNumber: 'TS-7K4Q9M2X',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      totalKobo: 1_550_000,
      fileName: 'receipt<1>.png',
      adminUrl: 'https://shop.example.com/admin/orders/abc',
    });
    expect(email.subject).toBe('Transfer proof for order TS-7K4Q9M2X');
    expect(email.text).toContain('bank transfer of ₦15,500.00 for order TS-7K4Q9M2X (receipt<1>.png)');
    expect(email.text).toContain('Review it in the admin: https://shop.example.com/admin/orders/abc');
    expect(email.html).toContain('receipt&lt;1&gt;.png');
  });
});

describe('the rejected-proof email', () => {
  it('gives the reason, keeps the deadline and links to upload again, escaped', () => {
    const email = renderEmail('transfer-proof-rejected', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      reason: 'The amount is <b>₦500</b> short.\nPlease send the rest.',
      totalKobo: 1_550_000,
      deadline: '2026-11-27T13:30:00.000Z',
      orderUrl: 'https://shop.example.com/orders/1',
    });
    expect(email.subject).toBe('Proof of payment for order TS-7K4Q9M2X not accepted');
    expect(email.text).toContain('The amount is <b>₦500</b> short.\nPlease send the rest.');
    expect(email.text).toMatch(/still waiting for its payment until Friday.*27 November 2026/);
    expect(email.text).toContain('Upload another proof at https://shop.example.com/orders/1');
    expect(email.html).toContain('The amount is &lt;b&gt;₦500&lt;/b&gt; short.<br>Please send the rest.');
    expect(email.html).toContain('href="https://shop.example.com/orders/1"');
  });

  it('keeps a long reason whole', () => {
    const reason = `${'The transfer shown is to another account. '.repeat(11)}End.`;
    expect(reason.length).toBeGreaterThan(450);
    const email = renderEmail('transfer-proof-rejected', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      reason,
      totalKobo: 1_550_000,
    });
    expect(email.text).toContain(reason.trim());
  });
});

describe('the payment receipt', () => {
  it('says a bank transfer was received', () => {
    const email = renderEmail('order-paid', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      items: [
        {
          name: 'Gold lace',
          quantityHundredths: 100,
          unit: 'piece',
          packSize: null,
          packItemName: null,
          priceKobo: 500_000,
          listPriceKobo: null,
          lineTotalKobo: 500_000,
        },
      ],
      subtotalKobo: 500_000,
      deliveryFeeKobo: 0,
      totalKobo: 500_000,
      paymentMethod: 'bankTransfer',
    });
    expect(email.text).toContain('we have received your bank transfer for order TS-7K4Q9M2X');
    expect(email.html).toContain('we have received your bank transfer for order');
  });
});
