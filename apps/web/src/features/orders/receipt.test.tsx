// @vitest-environment jsdom

import { RECEIPT_MESSAGES as R } from '@shop/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, aPaymentConfig, aShopInfo, aUser } from '../../testing/fixtures';
import { pieceLine, unitLines } from './order-lines-testing';

const shop = aShopInfo();

import { PAYMENT_METHOD_NAMES } from '../../lib/order-labels';
import { fakeApi, renderRoute } from '../../testing/render-route';
import { deliveryAddressLines, Receipt } from './components/receipt';

const slow = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

const field = (container: HTMLElement, name: string) =>
  container.querySelector(`[data-field="${name}"]`)?.textContent ?? undefined;

const receiptRows = () =>
  screen.getAllByTestId('receipt-item').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('the receipt', () => {
  it('lists each item with its quantity, unit price and line total, then the totals', () => {
    const order = anOrder({
      items: [
        { ...pieceLine, id: 'i1', productId: 'p1', name: 'French Lace', price: 4500, quantity: 2, lineTotal: 9000 },
        // The line total is the server's, never price × quantity again: 3 × ₦0.10 is ₦0.30.
        { ...pieceLine, id: 'i2', productId: null, name: 'Gold Buttons', price: 0.1, quantity: 3, lineTotal: 0.3 },
      ],
      subtotal: 9000.3,
      deliveryFee: 5000,
      totalAmount: 14000.3,
    });
    const { container } = render(<Receipt order={order} shop={shop} />);
    expect(receiptRows()).toEqual([
      ['French Lace', '2', '₦4,500.00', '₦9,000.00'],
      ['Gold Buttons', '3', '₦0.10', '₦0.30'],
    ]);
    expect(field(container, 'subtotal')).toBe('₦9,000.30');
    expect(field(container, 'delivery-fee')).toBe('₦5,000.00');
    expect(screen.getByText('Delivery (Express delivery)')).toBeTruthy();
    expect(field(container, 'total')).toBe('₦14,000.30');
    expect(field(container, 'order-number')).toBe('TS-7K4Q9M2X');
  });

  it('writes yards and packs in their unit, the price per unit with its kobo as every receipt amount, a broken list price struck through, and the server’s line totals', () => {
    const order = anOrder({ items: unitLines, subtotal: 23_625, deliveryFee: 0, totalAmount: 23_625 });
    const { container } = render(<Receipt order={order} shop={shop} />);
    expect(receiptRows()).toEqual([
      ['French Lace, Ivory', '2.5 yd', '₦1,200.00 / yard', '₦3,000.00'],
      ['Guipure Lace, Gold', '12.5 yd', 'was ₦1,200.00 ₦1,050.00 / yard', '₦13,125.00'],
      ['Gold Shank Buttons', '3 packs (36 buttons)', '₦2,500.00 / pack of 12', '₦7,500.00'],
    ]);
    const struck = within(screen.getAllByTestId('receipt-item')[1] as HTMLElement).getByText('₦1,200.00');
    expect(struck.closest('s')?.textContent).toBe('was ₦1,200.00');
    // The subtotal is the server's, as sent.
    expect(field(container, 'subtotal')).toBe('₦23,625.00');
  });

  it('shows the line total as the server sent it, never price × quantity again', () => {
    // ₦1,234.57 × 0.25 m would be ₦308.64; the answer's ₦308.65 marks that the page does not recompute it.
    const order = anOrder({
      items: [
        {
          ...pieceLine,
          id: 'i1',
          productId: 'p1',
          name: 'Tulle',
          unit: 'metre',
          price: 1234.57,
          quantity: 0.25,
          lineTotal: 308.65,
        },
      ],
    });
    render(<Receipt order={order} shop={shop} />);
    expect(receiptRows()).toEqual([['Tulle', '0.25 m', '₦1,234.57 / metre', '₦308.65']]);
  });

  it('names the shop, its address, phone and email from the shop settings, as the contact page does', () => {
    const { container } = render(<Receipt order={anOrder()} shop={shop} />);
    expect(field(container, 'shop-name')).toBe(shop.name);
    const lines = [...container.querySelectorAll('address span')].map((line) => line.textContent);
    expect(lines).toEqual([
      '7 Idumagbo Avenue, Lagos Island',
      'Lagos',
      'Nigeria',
      '+234 809 111 2233',
      'care@stitchandtrim.test',
    ]);
    expect(screen.getByText(/Thank you/).textContent).toContain('+234 809 111 2233 · care@stitchandtrim.test');
  });

  it('writes the payment method by its label and every status in words, with the paid date and reference', () => {
    const { container } = render(<Receipt order={anOrder({ paymentMethod: 'bankTransfer' })} shop={shop} />);
    expect(field(container, 'payment-method')).toBe(PAYMENT_METHOD_NAMES.bankTransfer);
    expect(field(container, 'payment-method')).toBe('Bank transfer');
    expect(field(container, 'payment-status')).toBe('Paid');
    expect(field(container, 'order-status')).toBe('Processing');
    // Lagos time (UTC+1), whatever the machine's zone: 10:05 UTC is 11:05 WAT.
    expect(field(container, 'paid-at')).toMatch(/11:05.*WAT$/);
    expect(field(container, 'order-date')).toMatch(/1 Jun 2025.*11:00.*WAT$/);
    expect(field(container, 'payment-reference')).toBe('TS-7K4Q9M2X');
    expect(field(container, 'transaction-id')).toBe('4099260516');
  });

  it('an unpaid, cancelled order says so, with no paid date', () => {
    const { container } = render(
      <Receipt
        order={anOrder({ status: 'CANCELLED', paymentStatus: 'UNPAID', paidAt: null, transactionId: null })}
        shop={shop}
      />,
    );
    expect(field(container, 'payment-status')).toBe('Unpaid');
    expect(field(container, 'order-status')).toBe('Cancelled');
    expect(field(container, 'paid-at')).toBeUndefined();
    expect(field(container, 'payment-reference')).toBeUndefined();
  });

  it('shows the Lagos area of the delivery address when the order has one', () => {
    const base = { ...anOrder().shippingAddress, area: null };
    expect(deliveryAddressLines(base).map(([, line]) => line)).toEqual([
      'Ada Obi',
      '14 Adeniran Ogunsanya Street',
      'Surulere, Lagos, 101283',
      'Nigeria',
    ]);
    const withArea = { ...base, area: 'Eti-Osa' };
    expect(deliveryAddressLines(withArea).map(([, line]) => line)).toContain('Eti-Osa LGA');
    const { container } = render(<Receipt order={anOrder({ shippingAddress: withArea })} shop={shop} />);
    expect(container.querySelector('[data-field="delivery-address"]')?.children).toHaveLength(5);
  });
});

describe('the receipt pages', () => {
  const customer = aUser();
  const admin = aUser({ id: 'u-admin', firstName: 'Shop', role: 'ADMIN', email: 'admin@example.com' });

  it('the customer’s receipt prints with window.print() and links back to the order', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': aPaymentConfig(),
      '/api/settings': shop,
      '/api/orders/o1': { order: anOrder() },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoute('/orders/o1/receipt');
    expect(await screen.findByRole('heading', { level: 1, name: R.title }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: `← ${R.backToOrder}` }).getAttribute('href')).toBe('/orders/o1');
    fireEvent.click(screen.getByRole('button', { name: R.printReceipt }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-receipt-page] [data-print-hidden] button')).toBeTruthy();
  });

  it('a receipt whose shop details cannot be loaded is still shown, with the shop’s name alone', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': aPaymentConfig(),
      '/api/settings': { status: 400, body: { message: 'Bad request' } },
      '/api/orders/o1': { order: anOrder() },
    });
    const { container } = renderRoute('/orders/o1/receipt');
    expect(await screen.findByRole('heading', { level: 1, name: R.title }, slow)).toBeTruthy();
    expect(field(container, 'shop-name')).toBe('Stitch & Trim Supplies');
    expect(container.querySelector('[data-receipt] address')).toBeNull();
  });

  it('the customer’s order page links to its receipt', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': aPaymentConfig(),
      '/api/settings': shop,
      '/api/orders/o1': { order: anOrder() },
    });
    renderRoute('/orders/o1');
    const link = await screen.findByRole('link', { name: R.viewReceipt }, slow);
    expect(link.getAttribute('href')).toBe('/orders/o1/receipt');
  });

  it('someone else’s order has no receipt: Order Not Found', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': aPaymentConfig(),
      '/api/settings': shop,
      '/api/orders/o9': { status: 404, body: { message: 'Order Not Found', code: 'NOT_FOUND' } },
    });
    renderRoute('/orders/o9/receipt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: R.printReceipt })).toBeNull();
  });

  it('the admin’s order page links to the admin receipt, which shows the same receipt', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/payments/config': aPaymentConfig(),
      '/api/settings': shop,
      '/api/orders/o1': { order: anOrder({ paymentEvents: [] }) },
    });
    const page = renderRoute('/admin/orders/o1');
    const link = await screen.findByRole('link', { name: R.viewReceipt }, slow);
    expect(link.getAttribute('href')).toBe('/admin/orders/o1/receipt');
    page.unmount();
    const { container } = renderRoute('/admin/orders/o1/receipt');
    expect(await screen.findByRole('heading', { level: 1, name: R.title }, slow)).toBeTruthy();
    expect(field(container, 'total')).toBe('₦17,500.00');
    expect(screen.getByRole('link', { name: `← ${R.backToOrder}` }).getAttribute('href')).toBe('/admin/orders/o1');
  });
});
