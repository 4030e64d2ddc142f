// @vitest-environment jsdom

import type { Order } from '@shop/shared';
import { ORDER_MESSAGES as M } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { anOrder, aPaymentConfig, aShopInfo, aUser } from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';
import { unitLines } from './order-lines-testing';

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
  window.sessionStorage.clear();
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
    expect(field('address')).toBe('14 Adeniran Ogunsanya Street, Surulere, Surulere LGA, Lagos, 101283, Nigeria');
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

  it('writes each line in its unit with the unit price paid, a broken list price struck through and the server’s totals', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': {
        order: { ...order, items: unitLines, subtotal: 23_625, deliveryFee: 0, totalAmount: 23_625 },
      },
    });
    const { container } = renderRoute('/orders/o1');
    const items = await screen.findAllByTestId('order-item', {}, slow);
    const line = (item: HTMLElement, name: string) => item.querySelector(`[data-line="${name}"]`)?.textContent;
    expect(items.map((item) => [line(item, 'quantity'), line(item, 'unit-price'), line(item, 'line-total')])).toEqual([
      ['2.5 yd', '₦1,200 / yard', '₦3,000.00'],
      ['12.5 yd', '₦1,050 / yard', '₦13,125.00'],
      ['3 packs (36 buttons)', '₦2,500 / pack of 12', '₦7,500.00'],
    ]);
    // Only the line a break lowered shows its list price, struck through and read as "was".
    expect(items.map((item) => line(item, 'list-price') ?? null)).toEqual([null, 'was ₦1,200', null]);
    expect(items[1]?.querySelector('s')?.textContent).toBe('was ₦1,200');
    expect(container.querySelector('[data-field="subtotal"]')?.textContent).toBe('₦23,625.00');
    expect(container.querySelector('[data-field="total"]')?.textContent).toBe('₦23,625.00');
  });

  it('sends the order to the shop’s WhatsApp: its number, each line in its unit with its total, and the total', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/settings': aShopInfo({ name: 'Stitch & Trim', whatsapp: '+2348094445566' }),
      '/api/orders/o1': {
        order: { ...order, items: unitLines, subtotal: 23_625, deliveryFee: 2_500, totalAmount: 26_125 },
      },
    });
    renderRoute('/orders/o1');
    const link = await screen.findByRole(
      'link',
      { name: 'Send order on WhatsApp (opens WhatsApp in a new tab)' },
      slow,
    );
    const message = [
      `Hello Stitch & Trim, I'm writing about my order ${order.orderNumber}:`,
      '- French Lace, Ivory: 2.5 yd, ₦3,000.00',
      '- Guipure Lace, Gold: 12.5 yd, ₦13,125.00',
      '- Gold Shank Buttons: 3 packs (36 buttons), ₦7,500.00',
      'Total: ₦26,125.00',
    ].join('\n');
    expect(link.getAttribute('href')).toBe(`https://wa.me/2348094445566?text=${encodeURIComponent(message)}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('offers no WhatsApp link on an order when the shop’s number is not usable', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/settings': aShopInfo({ whatsapp: '12345' }),
      '/api/orders/o1': { order },
    });
    renderRoute('/orders/o1');
    await screen.findAllByTestId('order-item', {}, slow);
    await screen.findByText('care@stitchandtrim.test', {}, slow);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
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

describe('a customer cancelling their own order', () => {
  // Ada's bank-transfer order, placed and not paid yet: the shop holds its stock until the deadline.
  const unpaid = anOrder({
    status: 'PENDING',
    paymentStatus: 'UNPAID',
    paymentMethod: 'bankTransfer',
    transactionId: null,
    paidAt: null,
    paymentReference: null,
    expiresAt: '2025-06-03T10:00:00Z',
    history: [],
  });
  const cancelled: Order = {
    ...unpaid,
    status: 'CANCELLED',
    expiresAt: null,
    history: [
      {
        id: 'h1',
        field: 'status',
        from: 'PENDING',
        to: 'CANCELLED',
        actor: 'customer',
        note: null,
        createdAt: '2025-06-01T11:00:00Z',
      },
    ],
  };

  /**
   * The shop as it answers around a cancellation: GET gives the order as it is now, the cancel
   * call answers `cancelAnswer` and, when that is a success, the order is cancelled from then on.
   */
  function shopWith(cancelAnswer: unknown, { after = cancelled }: { after?: Order } = {}) {
    let current = unpaid;
    return fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      get '/api/orders/o1'() {
        return { order: current };
      },
      get '/api/orders/my-orders'() {
        return { orders: [current] };
      },
      get '/api/orders/o1/cancel'() {
        current = after;
        return cancelAnswer;
      },
    });
  }

  it('is offered only while the order is pending and unpaid, whatever the payment method', async () => {
    const cases: [Partial<Order>, boolean][] = [
      [{ paymentMethod: 'bankTransfer' }, true],
      [{ paymentMethod: 'card' }, true],
      [{ paymentStatus: 'PAID', status: 'PROCESSING' }, false],
      [{ paymentStatus: 'PAID', status: 'PENDING' }, false],
      [{ status: 'CANCELLED' }, false],
      [{ status: 'SHIPPED' }, false],
    ];
    for (const [overrides, offered] of cases) {
      fakeApi({
        '/api/users/session': { user: customer },
        '/api/payments/config': config,
        '/api/orders/o1': { order: { ...unpaid, ...overrides } },
      });
      renderRoute('/orders/o1');
      await screen.findByRole('heading', { level: 1, name: 'Order TS-7K4Q9M2X' }, slow);
      expect([overrides, screen.queryByRole('button', { name: M.cancelOrder }) !== null]).toEqual([overrides, offered]);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('shows the bank transfer’s deadline to pay', async () => {
    shopWith({ message: M.orderCancelled, order: cancelled });
    renderRoute('/orders/o1');
    const payBy = await screen.findByTestId('pay-by', {}, slow);
    expect(payBy.textContent).toMatch(/^Please pay by .*2025.*\.$/);
    expect(payBy.querySelector('time')?.getAttribute('dateTime')).toBe('2025-06-03T10:00:00Z');
  });

  it('asks first; Keep order sends nothing', async () => {
    const fetchMock = shopWith({ message: M.orderCancelled, order: cancelled });
    renderRoute('/orders/o1');
    fireEvent.click(await screen.findByRole('button', { name: M.cancelOrder }, slow));
    const dialog = await screen.findByRole('dialog', { name: M.cancelConfirmTitle });
    expect(dialog.textContent).toContain(M.cancelConfirmBody('TS-7K4Q9M2X'));
    expect(within(dialog).getByRole('button', { name: M.cancelOrder })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.keepOrder }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('POST'))).toBe(false);
    expect(screen.getByTestId('order-status').textContent).toBe('PENDING');
  });

  it('cancels on confirmation: the shop’s message, CANCELLED with its history entry, and no way to pay left', async () => {
    const fetchMock = shopWith({ message: M.orderCancelled, order: cancelled });
    const { router } = renderRoute('/orders/o1');
    expect(await screen.findByTestId('bank-transfer-details', {}, slow)).toBeTruthy();
    const cancelButton = screen.getByRole('button', { name: M.cancelOrder });
    cancelButton.focus();
    fireEvent.click(cancelButton);
    const dialog = await screen.findByRole('dialog', { name: M.cancelConfirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.cancelOrder }));

    expect(await screen.findByText(M.orderCancelled)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('CANCELLED'));
    expect(within(screen.getByTestId('order-history')).getByText('Status: PENDING → CANCELLED')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('bank-transfer-details')).toBeNull();
    expect(screen.queryByRole('button', { name: M.cancelOrder })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    // The button that opened the dialog is gone: focus lands on the order's heading, not the page's end.
    expect(document.activeElement?.contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
    const posts = apiCalls(fetchMock).filter((call) => call.line.startsWith('POST'));
    expect(posts).toEqual([{ line: 'POST /api/orders/o1/cancel', body: {} }]);

    // My Orders lists it cancelled, with nothing to do there but view it.
    await router.navigate('/orders');
    const [row] = await screen.findAllByTestId('order-row');
    expect(within(row as HTMLElement).getByText('CANCELLED')).toBeTruthy();
    expect(within(row as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('forgets a card order that checkout kept for a reload once it is cancelled', async () => {
    window.sessionStorage.setItem(storageKeys.pendingOrder, JSON.stringify({ id: 'o1', orderNumber: 'TS-7K4Q9M2X' }));
    const card = { ...cancelled, paymentMethod: 'card' as const };
    shopWith({ message: M.orderCancelled, order: card }, { after: card });
    renderRoute('/orders/o1');
    fireEvent.click(await screen.findByRole('button', { name: M.cancelOrder }, slow));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: M.cancelConfirmTitle })).getByRole('button', {
        name: M.cancelOrder,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('CANCELLED'));
    expect(window.sessionStorage.getItem(storageKeys.pendingOrder)).toBeNull();
  });

  it('shows a refusal in place of the dialog and reloads the order: paid meanwhile, it is no longer cancellable', async () => {
    const paid: Order = { ...unpaid, status: 'PROCESSING', paymentStatus: 'PAID', expiresAt: null };
    shopWith({ status: 409, body: { code: 'ORDER_NOT_CANCELLABLE', message: M.notCancellable } }, { after: paid });
    renderRoute('/orders/o1');
    fireEvent.click(await screen.findByRole('button', { name: M.cancelOrder }, slow));
    const dialog = await screen.findByRole('dialog', { name: M.cancelConfirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.cancelOrder }));

    expect((await screen.findByRole('alert')).textContent).toBe(M.notCancellable);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('PROCESSING'));
    expect(screen.queryByRole('button', { name: M.cancelOrder })).toBeNull();
    expect(screen.queryByTestId('bank-transfer-details')).toBeNull();
  });

  it('shows the shop’s message when asked to slow down, and keeps the order as it was', async () => {
    const message = 'Too many requests. Please try again in a minute.';
    shopWith({ status: 429, body: { code: 'TOO_MANY_REQUESTS', message } }, { after: unpaid });
    renderRoute('/orders/o1');
    fireEvent.click(await screen.findByRole('button', { name: M.cancelOrder }, slow));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: M.cancelConfirmTitle })).getByRole('button', {
        name: M.cancelOrder,
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('order-status').textContent).toBe('PENDING');
    expect(screen.getByRole('button', { name: M.cancelOrder })).toBeTruthy();
  });

  it('says it could not cancel when the shop fails on its side', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': { order: unpaid },
      '/api/orders/o1/cancel': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
    });
    renderRoute('/orders/o1');
    fireEvent.click(await screen.findByRole('button', { name: M.cancelOrder }, slow));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: M.cancelConfirmTitle })).getByRole('button', {
        name: M.cancelOrder,
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('We could not cancel your order. Please try again.');
  });
});
