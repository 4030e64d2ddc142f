// @vitest-environment jsdom
import { ORDER_ADMIN_MESSAGES, POD_ADMIN_MESSAGES } from '@shop/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../testing/fixtures';
import { fakeApi, renderRoute } from '../../../testing/render-route';
import { anAdminOrder, apiCalls } from '../admin-testing';

// The admin's pay-on-delivery panel: confirm by phone, money received, delivery refused.

const slow = { timeout: 5000 };
const admin = aUser({ id: 'u-admin', firstName: 'Shop', role: 'ADMIN', email: 'admin@example.com' });
const podOrder = anAdminOrder({
  id: 'o3',
  orderNumber: 'TS-POD23456',
  status: 'PENDING',
  paymentStatus: 'UNPAID',
  paymentMethod: 'payOnDelivery',
  totalAmount: 17500,
  transactionId: null,
  paidAt: null,
  paymentEvents: [],
  payOnDelivery: { confirmedAt: null, received: null },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Manage Orders: pay on delivery', () => {
  it('confirms by phone with the note', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o3': { order: podOrder },
      '/api/orders/o3/pay-on-delivery/confirm': {
        message: POD_ADMIN_MESSAGES.confirmed,
        order: { ...podOrder, status: 'PROCESSING' },
      },
    });
    renderRoute('/admin/orders/o3');
    const panel = await screen.findByRole('region', { name: 'Settle pay on delivery' }, slow);
    fireEvent.change(within(panel).getAllByLabelText('Note (optional)')[0] as HTMLElement, {
      target: { value: 'Spoke to Ada' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirmed by phone' }));
    expect(await screen.findByText(POD_ADMIN_MESSAGES.confirmed)).toBeTruthy();
    expect(
      apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders/o3/pay-on-delivery/confirm')?.body,
    ).toEqual({ note: 'Spoke to Ada' });
  });

  it('records the money received: the amount in naira and how, checked first', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o3': { order: { ...podOrder, status: 'PROCESSING' } },
      '/api/orders/o3/pay-on-delivery/received': {
        message: POD_ADMIN_MESSAGES.received,
        order: { ...podOrder, status: 'DELIVERED', paymentStatus: 'PAID' },
      },
    });
    renderRoute('/admin/orders/o3');
    const panel = await screen.findByRole('region', { name: 'Settle pay on delivery' }, slow);
    fireEvent.click(within(panel).getByRole('button', { name: 'Record money received' }));
    expect(await within(panel).findByText(ORDER_ADMIN_MESSAGES.amountRequired)).toBeTruthy();
    expect(within(panel).getByText(POD_ADMIN_MESSAGES.howRequired)).toBeTruthy();
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('POST'))).toBe(false);
    fireEvent.change(within(panel).getByLabelText('Amount received (₦)'), { target: { value: '17500' } });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Cash' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Record money received' }));
    expect(await screen.findByText(POD_ADMIN_MESSAGES.received)).toBeTruthy();
    expect(
      apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders/o3/pay-on-delivery/received')?.body,
    ).toEqual({ amountReceived: 17500, how: 'cash', note: '' });
  });

  it('asks before cancelling a refused delivery, and sends the reason', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o3': { order: podOrder },
      '/api/orders/o3/pay-on-delivery/refused': {
        message: POD_ADMIN_MESSAGES.refused,
        order: { ...podOrder, status: 'CANCELLED' },
      },
    });
    renderRoute('/admin/orders/o3');
    const panel = await screen.findByRole('region', { name: 'Settle pay on delivery' }, slow);
    fireEvent.click(within(panel).getByRole('button', { name: 'Delivery refused' }));
    expect(await within(panel).findByText(POD_ADMIN_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Reason'), { target: { value: 'Not at home' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delivery refused' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order as refused?' });
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('POST'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(POD_ADMIN_MESSAGES.refused)).toBeTruthy();
    expect(
      apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders/o3/pay-on-delivery/refused')?.body,
    ).toEqual({ reason: 'Not at home' });
  });

  it('is not shown once the order is paid', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o3': {
        order: {
          ...podOrder,
          status: 'DELIVERED',
          paymentStatus: 'PAID',
          payOnDelivery: { confirmedAt: null, received: { amount: 17500, how: 'pos' } },
        },
      },
    });
    renderRoute('/admin/orders/o3');
    const steps = await screen.findByTestId('pay-on-delivery-steps', {}, slow);
    expect(steps.textContent).toContain('₦17,500.00 by POS');
    expect(screen.queryByRole('region', { name: 'Settle pay on delivery' })).toBeNull();
  });
});

describe('Manage Orders: the payment method filter', () => {
  it('asks the server for one method’s orders and names the methods', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': { orders: [podOrder], page: 1, pageSize: 24, total: 1 },
    });
    renderRoute('/admin/orders?paymentMethod=payOnDelivery');
    const filter = (await screen.findByLabelText('Payment method', {}, slow)) as HTMLSelectElement;
    expect(filter.value).toBe('payOnDelivery');
    expect([...filter.options].map((option) => option.textContent)).toContain('Pay on delivery');
    await screen.findByRole('table', { name: 'Orders' });
    expect(
      apiCalls(fetchMock).some(
        (call) => call.line.startsWith('GET /api/orders/admin?') && call.line.includes('paymentMethod=payOnDelivery'),
      ),
    ).toBe(true);
    expect(within(screen.getByTestId('order-row')).getByText('Pay on delivery')).toBeTruthy();
  });
});
