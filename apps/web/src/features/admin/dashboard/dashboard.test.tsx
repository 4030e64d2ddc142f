// @vitest-environment jsdom
import type { Dashboard } from '@shop/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../testing/fixtures';
import { fakeApi, renderRoute } from '../../../testing/render-route';
import { anEmptyDashboard } from '../admin-testing';

// The first render of a page loads its lazy chunk (recharts here), which a busy machine may take seconds over.
const slow = { timeout: 10_000 };

const admin = aUser({ id: 'u-admin', role: 'ADMIN' });

function aBusyDashboard(): Dashboard {
  const empty = anEmptyDashboard();
  const revenueByDay = empty.revenueByDay.map((day, index) =>
    index === 29 ? { ...day, revenue: 52000, orders: 2 } : index === 28 ? { ...day, revenue: 20500.5, orders: 1 } : day,
  );
  return {
    ...empty,
    revenueByDay,
    paidOrders: 3,
    revenue: 72500.5,
    averageOrderValue: 24166.83,
    ordersByStatus: { PENDING: 4, PROCESSING: 2, SHIPPED: 1, DELIVERED: 7, CANCELLED: 1 },
    ordersByPaymentStatus: { UNPAID: 4, PAID: 10, FAILED: 0, REFUNDED: 1 },
    transfersAwaiting: 2,
    payOnDeliveryAwaiting: 5,
    proofsToReview: 3,
    payOnDeliveryToConfirm: 1,
    topProducts: [
      { ...piece, productId: 'p1', name: 'French Lace', quantity: 6, revenue: 45000 },
      { ...piece, productId: null, name: 'Gold Buttons (deleted)', quantity: 3, revenue: 10500 },
    ],
    lowStock: [
      { ...piece, minQuantity: 1, id: 'p9', name: 'Crystal Rhinestones', stock: 0, waiting: 12 },
      { ...piece, minQuantity: 1, id: 'p8', name: 'Velvet Ribbon', stock: 3, waiting: 0 },
    ],
    waitingForRestock: [
      { id: 'p9', name: 'Crystal Rhinestones', waiting: 12 },
      { id: 'p7', name: 'Guipure Lace', waiting: 1 },
    ],
    lowStockCount: 4,
    outOfStockCount: 1,
  };
}

/** How a line sold by the piece says so in the answer. */
const piece = { unit: 'piece', packSize: null, packItemName: null } as const;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin dashboard', () => {
  it('shows the figures in naira, orders by status, top products and stock to refill with Edit links', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/admin/dashboard': aBusyDashboard() });
    renderRoute('/admin');
    expect((await screen.findByTestId('dashboard-revenue', {}, slow)).textContent).toBe('₦72,500.50');
    expect(screen.getByTestId('dashboard-paid-orders').textContent).toBe('3');
    expect(screen.getByTestId('dashboard-average').textContent).toBe('₦24,166.83');
    expect(screen.getByTestId('dashboard-transfers').textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'See pending orders' }).getAttribute('href')).toBe(
      '/admin/orders?status=PENDING',
    );
    expect(screen.getByTestId('dashboard-pay-on-delivery').textContent).toBe('5');
    expect(screen.getByRole('link', { name: 'See pay-on-delivery orders' }).getAttribute('href')).toBe(
      '/admin/orders?paymentMethod=payOnDelivery',
    );
    expect(screen.getByTestId('status-DELIVERED').textContent).toBe('DELIVERED7');
    expect(screen.getByTestId('status-CANCELLED').textContent).toBe('CANCELLED1');

    const top = screen.getByRole('table', { name: 'Top products by revenue' });
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ProductSoldRevenue', 'French Lace6₦45,000.00', 'Gold Buttons (deleted)3₦10,500.00']);

    expect(screen.getByTestId('dashboard-stock-counts').textContent).toBe('1 out of stock · 4 low');
    const [out, low] = screen.getAllByTestId('low-stock');
    expect(out?.textContent).toContain('Out of stock');
    expect(low?.textContent).toContain('3 left');
    expect(
      within(out as HTMLElement)
        .getByRole('link', { name: 'Edit Crystal Rhinestones' })
        .getAttribute('href'),
    ).toBe('/products/p9/edit');
  });

  it('shows first the transfer proofs to review and the pay-on-delivery orders to confirm, linking to them', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/admin/dashboard': aBusyDashboard() });
    renderRoute('/admin');
    const proofs = await screen.findByTestId('dashboard-proofs-to-review', {}, slow);
    expect(proofs.textContent).toBe('3');
    expect(screen.getByTestId('dashboard-pay-on-delivery-to-confirm').textContent).toBe('1');
    // The first two cards, in that order, before the sales figures.
    const labels = [...document.querySelectorAll('dl dt')].map((label) => label.textContent);
    expect(labels.slice(0, 3)).toEqual([
      'Transfer proofs to review',
      'Pay-on-delivery orders to confirm by phone',
      'Revenue, last 30 days',
    ]);
    expect(screen.getByRole('link', { name: 'Review proofs' }).getAttribute('href')).toBe('/admin/orders');
    expect(screen.getByRole('link', { name: 'See orders to confirm' }).getAttribute('href')).toBe(
      '/admin/orders?status=PENDING&paymentMethod=payOnDelivery',
    );
  });

  it('says how many wait for each product to be back, most first, and on its low-stock line', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/admin/dashboard': aBusyDashboard() });
    renderRoute('/admin');
    const list = await screen.findByRole('list', { name: 'Waiting for restock' }, slow);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Crystal Rhinestones 12 waitingEdit', 'Guipure Lace 1 waitingEdit']);
    const [out, low] = screen.getAllByTestId('low-stock');
    expect(out?.textContent).toContain('12 waiting');
    expect(low?.textContent).not.toContain('waiting');
  });

  it('says when nobody waits for a product', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/admin/dashboard': { ...aBusyDashboard(), waitingForRestock: [] },
    });
    renderRoute('/admin');
    expect(await screen.findByText('Nobody is waiting for a product.', {}, slow)).toBeTruthy();
  });

  it('writes stock to refill and quantities sold in each product’s unit', async () => {
    const byTheYard = { unit: 'yard', packSize: null, packItemName: null } as const;
    const byTheMetre = { ...byTheYard, unit: 'metre' } as const;
    const packOf12 = { unit: 'pack', packSize: 12, packItemName: 'buttons' } as const;
    const dashboard: Dashboard = {
      ...aBusyDashboard(),
      topProducts: [
        { ...byTheYard, productId: 'p-lace', name: 'French Lace, Ivory', quantity: 27.5, revenue: 30_250 },
        { ...packOf12, productId: 'p-buttons', name: 'Gold Shank Buttons', quantity: 6, revenue: 13_200 },
      ],
      lowStock: [
        { ...byTheMetre, id: 'p-tulle', name: 'Tulle', stock: 0.5, minQuantity: 1, waiting: 0 },
        { ...byTheYard, id: 'p-lace', name: 'French Lace, Ivory', stock: 4.5, minQuantity: 1, waiting: 0 },
        { ...packOf12, id: 'p-buttons', name: 'Gold Shank Buttons', stock: 3, minQuantity: 1, waiting: 0 },
      ],
    };
    fakeApi({ '/api/users/session': { user: admin }, '/api/admin/dashboard': dashboard });
    renderRoute('/admin');
    const top = await screen.findByRole('table', { name: 'Top products by revenue' }, slow);
    expect(
      within(top)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent),
    ).toEqual(['27.5 yd', '6 packs (72 buttons)']);
    expect(screen.getAllByTestId('low-stock').map((line) => line.textContent)).toEqual([
      'Tulle Out of stock (0.5 m left)Edit',
      'French Lace, Ivory 4.5 yd leftEdit',
      'Gold Shank Buttons 3 packs (36 buttons) leftEdit',
    ]);
  });

  it('gives the chart a table of the same figures, a row per day', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/admin/dashboard': aBusyDashboard() });
    renderRoute('/admin');
    const table = await screen.findByRole('table', { name: 'Revenue by day' }, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)?.textContent).toBe('30 Jun2₦52,000.00');
    expect(rows.at(-2)?.textContent).toBe('29 Jun1₦20,500.50');
  });

  it('shows zeros for an empty shop', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/admin/dashboard': anEmptyDashboard() });
    renderRoute('/admin');
    expect((await screen.findByTestId('dashboard-revenue', {}, slow)).textContent).toBe('₦0.00');
    expect(screen.getByTestId('dashboard-paid-orders').textContent).toBe('0');
    expect(screen.getByTestId('dashboard-average').textContent).toBe('₦0.00');
    expect(screen.getByTestId('dashboard-proofs-to-review').textContent).toBe('0');
    expect(screen.getByTestId('dashboard-pay-on-delivery-to-confirm').textContent).toBe('0');
    expect(screen.getByText('No sales in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('Every product is well stocked.')).toBeTruthy();
    expect(screen.getByTestId('status-PENDING').textContent).toBe('PENDING0');
  });

  it('shows a failed load as "Error: …"', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/admin/dashboard': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
    });
    renderRoute('/admin');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Error: Something went wrong');
  });
});
