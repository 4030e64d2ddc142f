// @vitest-environment jsdom
import { ORDER_MESSAGES as M } from '@shop/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, aPaymentConfig, aUser } from '../../testing/fixtures';
import { fakeApi, renderRoute } from '../../testing/render-route';

// The first render of a page loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };

const customer = aUser({ phoneNumber: '08031234567', address: '14 Adeniran Ogunsanya Street' });

const config = aPaymentConfig({ testMode: false });

const order = anOrder({
  history: [
    {
      id: 'h1',
      field: 'paymentStatus',
      from: 'UNPAID',
      to: 'PAID',
      actor: 'provider',
      note: null,
      createdAt: '2025-06-01T10:05:00Z',
    },
    {
      id: 'h2',
      field: 'status',
      from: 'PENDING',
      to: 'PROCESSING',
      actor: 'provider',
      note: null,
      createdAt: '2025-06-01T10:05:00Z',
    },
  ],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the orders pages', () => {
  it('lists the orders newest first with number, status, total and a view link', async () => {
    const older = { ...order, id: 'o0', orderNumber: 'TS-OLDER000', status: 'DELIVERED', totalAmount: 1000 };
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/my-orders': { orders: [order, older] },
    });
    renderRoute('/orders');
    const rows = await screen.findAllByTestId('order-row', {}, slow);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['TS-7K4Q9M2X', 'TS-OLDER000']);
    expect(within(rows[0] as HTMLElement).getByText('PROCESSING').className).toContain('bg-yellow-100');
    expect(within(rows[1] as HTMLElement).getByText('DELIVERED').className).toContain('bg-green-100');
    expect(within(rows[0] as HTMLElement).getByText('₦17,500.00')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'View order TS-7K4Q9M2X' })
        .getAttribute('href'),
    ).toBe('/orders/o1');
  });

  it('shows the shipping, payment and summary cards, the items and the history of one order', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': { order },
    });
    const { container } = renderRoute('/orders/o1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order TS-7K4Q9M2X' }, slow)).toBeTruthy();
    const field = (name: string) => container.querySelector(`[data-field="${name}"]`)?.textContent;
    expect(field('address')).toBe('14 Adeniran Ogunsanya Street, Surulere, Lagos, 101283, Nigeria');
    expect(field('estimated-delivery')).toBe('1-2 business days');
    expect(field('delivery-method')).toBe('Express delivery');
    expect(field('payment-status')).toBe('Paid');
    expect(field('transaction-id')).toBe('4099260516');
    expect(field('subtotal')).toBe('₦12,500.00');
    expect(field('delivery-fee')).toBe('₦5,000.00');
    expect(field('total')).toBe('₦17,500.00');
    const items = screen.getAllByTestId('order-item');
    expect(items.map((item) => within(item).getByText(/Lace|Buttons/).textContent)).toEqual([
      'French Lace',
      'Gold Buttons',
    ]);
    const history = screen.getByTestId('order-history');
    expect(within(history).getByText('Payment: UNPAID → PAID')).toBeTruthy();
    expect(within(history).getByText('Status: PENDING → PROCESSING')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('offers Pay now on an unpaid card order', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': {
        order: { ...order, status: 'PENDING', paymentStatus: 'UNPAID', transactionId: null, paidAt: null },
      },
    });
    renderRoute('/orders/o1');
    expect(await screen.findByRole('button', { name: 'Pay now' }, slow)).toBeTruthy();
  });

  it('says Order Not Found for a wrong id', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/nope': { status: 404, body: { code: 'NOT_FOUND', message: M.orderNotFound } },
    });
    renderRoute('/orders/nope');
    expect(await screen.findByRole('heading', { level: 1, name: M.orderNotFound }, slow)).toBeTruthy();
    expect(screen.getByText(M.orderNotFoundDetail)).toBeTruthy();
  });
});
