import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates';

describe('order emails', () => {
  it('confirm a payment with the order number, every line and the total, escaping what customers typed', () => {
    const email = renderEmail('order-paid', {
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
      orderUrl: 'https://shop.example.com/orders/1?a="b"',
    });
    expect(email.subject).toBe('Order TS-7K4Q9M2X confirmed: payment received');
    expect(email.text).toContain('2 × Gold lace <script>alert(1)</script> at ₦12,500.50: ₦25,001.00');
    expect(email.text).toContain('Total paid: ₦31,501.00');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Ada</b>');
    expect(email.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(email.html).toContain('Ribbon &amp; trim');
    expect(email.html).toContain('href="https://shop.example.com/orders/1?a=&quot;b&quot;"');
  });

  it('tell the customer the new status of their order', () => {
    const email = renderEmail('order-status-changed', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      from: 'PROCESSING',
      to: 'SHIPPED',
    });
    expect(email.subject).toBe('Order TS-7K4Q9M2X is on its way');
    expect(email.text).toContain('Your order TS-7K4Q9M2X is now on its way (SHIPPED).');
  });

  it('say why a cancelled order was cancelled', () => {
    const mine = renderEmail('order-status-changed', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      from: 'PENDING',
      to: 'CANCELLED',
      reason: 'customer',
    });
    expect(mine.text).toContain('You cancelled it, and its items are back on sale. Nothing was charged.');
    const expired = renderEmail('order-status-changed', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      from: 'PENDING',
      to: 'CANCELLED',
      reason: 'expired',
    });
    expect(expired.text).toContain('We did not receive its payment in time');
  });

  it('acknowledge a payment that reached a cancelled order, without calling it confirmed', () => {
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
      afterCancellation: true,
    });
    expect(email.subject).toBe('Payment received for cancelled order TS-7K4Q9M2X');
    expect(email.text).toContain('had already been cancelled when your payment of ₦5,000.00 arrived');
    expect(email.text).not.toContain('preparing it');
  });

  it('remind a transfer customer how to pay, how much and by when, in Lagos time', () => {
    const email = renderEmail('order-payment-reminder', {
      firstName: 'Ada',
      orderNumber: 'TS-7K4Q9M2X',
      totalKobo: 1_550_000,
      deadline: '2026-11-27T13:30:00.000Z',
      bank: { accountName: 'Stitch & Trim Ltd', bankName: 'GTBank', accountNumber: '0123456789' },
      orderUrl: 'https://shop.example.com/orders/1',
    });
    expect(email.subject).toMatch(/^Reminder: pay for order TS-7K4Q9M2X by Friday.*27 November 2026.*2:30/);
    for (const line of ['Amount: ₦15,500.00', 'Bank: GTBank', 'Account number: 0123456789', 'Reference: TS-7K4Q9M2X']) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain('Stitch &amp; Trim Ltd');
  });
});
