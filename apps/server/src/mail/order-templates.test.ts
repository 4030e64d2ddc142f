import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates';

describe('order emails', () => {
  it('confirm a payment with the order number, every line and the total, escaping what customers typed', () => {
    const email = renderEmail('order-paid', {
      firstName: '<b>Ada</b>',
      orderNumber: 'TS-7K4Q9M2X',
      items: [
        { name: 'Gold lace <script>alert(1)</script>', quantity: 2, priceKobo: 1_250_050 },
        { name: 'Ribbon & trim', quantity: 1, priceKobo: 150_000 },
      ],
      subtotalKobo: 2_650_100,
      deliveryFeeKobo: 500_000,
      totalKobo: 3_150_100,
      orderUrl: 'https://shop.example.com/orders/1?a="b"',
    });
    expect(email.subject).toBe('Order TS-7K4Q9M2X confirmed: payment received');
    expect(email.text).toContain('2 × Gold lace <script>alert(1)</script>: ₦25,001.00');
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
});
