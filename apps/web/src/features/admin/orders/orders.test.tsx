// @vitest-environment jsdom
import { ORDER_ADMIN_MESSAGES } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../testing/fixtures';
import { fakeApi, renderRoute } from '../../../testing/render-route';
import { unitLines } from '../../orders/order-lines-testing';
import { anAdminOrder, apiCalls } from '../admin-testing';

// The first render of a page loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };

const admin = aUser({ id: 'u-admin', firstName: 'Shop', role: 'ADMIN', email: 'admin@example.com' });
const order = anAdminOrder();
const transferOrder = anAdminOrder({
  id: 'o2',
  orderNumber: 'TS-BANK2345',
  status: 'PENDING',
  paymentStatus: 'UNPAID',
  paymentMethod: 'bankTransfer',
  transactionId: null,
  paidAt: null,
  paymentEvents: [],
});
const list = { orders: [order, transferOrder], page: 1, pageSize: 24, total: 2 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Manage Orders: the list', () => {
  it('shows each order’s number (a link to its page), customer, total, payment and status', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    renderRoute('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Orders' }, slow);
    const [first, second] = within(table).getAllByTestId('order-row');
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByRole('link', { name: 'TS-7K4Q9M2X' }).getAttribute('href')).toBe('/admin/orders/o1');
    expect(first.textContent).toContain('ada@example.com');
    expect(first.textContent).toContain('₦17,500.00');
    expect(first.textContent).toContain('Card');
    expect(first.textContent).toContain('Paid');
    expect(within(second).getByText('PENDING')).toBeTruthy();
    expect(second.textContent).toContain('Bank transfer');
    expect(second.textContent).toContain('Unpaid');
  });

  it('shows the proofs to review above the first page, oldest first, each with when it came and its deadline', async () => {
    const proofOf = (uploadedAt: string) =>
      ({ status: 'pending', uploadedAt, contentType: 'image/png', fileName: 'paid.png', reason: null }) as const;
    const first = {
      ...transferOrder,
      expiresAt: '2026-06-03T09:00:00Z',
      transferProof: proofOf('2026-06-01T09:30:00Z'),
    };
    const second = {
      ...transferOrder,
      id: 'o3',
      orderNumber: 'TS-BANK6789',
      user: { ...transferOrder.user, firstName: 'Musa', lastName: 'Ibrahim' },
      expiresAt: '2026-06-04T12:00:00Z',
      transferProof: proofOf('2026-06-02T08:00:00Z'),
    };
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': { ...list, proofsToReview: { total: 2, orders: [first, second] } },
    });
    const { router } = renderRoute('/admin/orders');
    const group = await screen.findByTestId('proofs-to-review', {}, slow);
    expect(within(group).getByRole('heading', { name: 'Proofs to review (2)' })).toBeTruthy();
    const [one, two] = within(group).getAllByTestId('proof-to-review');
    expect(
      within(one as HTMLElement)
        .getByRole('link', { name: 'TS-BANK2345' })
        .getAttribute('href'),
    ).toBe('/admin/orders/o2');
    expect(within(two as HTMLElement).getByRole('link', { name: 'TS-BANK6789' })).toBeTruthy();
    expect(two?.textContent).toContain('Musa Ibrahim');
    expect(one?.textContent).toContain('₦17,500.00');
    expect(one?.querySelector('time[datetime="2026-06-01T09:30:00Z"]')?.parentElement?.textContent).toMatch(
      /^Proof sent /,
    );
    expect(one?.querySelector('time[datetime="2026-06-03T09:00:00Z"]')?.parentElement?.textContent).toMatch(
      /^Deadline /,
    );
    // Above the list's filters and table.
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(group.compareDocumentPosition(screen.getByLabelText('Status'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(group.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Only above the first page.
    await router.navigate('/admin/orders?page=2');
    await waitFor(() => expect(screen.queryByTestId('proofs-to-review')).toBeNull());
  });

  it('shows no proofs group when none waits', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': { ...list, proofsToReview: { total: 0, orders: [] } },
    });
    renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    expect(screen.queryByTestId('proofs-to-review')).toBeNull();
  });

  it('sends the status, search and date range in the request and keeps them in the URL', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    const { router } = renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'SHIPPED' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by order number or customer' }), {
      target: { value: 'TS-7K4Q' },
    });
    fireEvent.click(
      within(screen.getByRole('search', { name: 'Search by order number or customer' })).getByRole('button', {
        name: 'Search',
      }),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply dates' }));

    await waitFor(() =>
      expect(apiCalls(fetchMock).map((call) => call.line)).toContain(
        'GET /api/orders/admin?status=SHIPPED&search=TS-7K4Q&from=2026-06-01&to=2026-06-30&page=1',
      ),
    );
    expect(router.state.location.search).toBe('?status=SHIPPED&search=TS-7K4Q&from=2026-06-01&to=2026-06-30');
  });

  it('asks for the dates before exporting, then links the CSV of that range and status', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    const { router } = renderRoute('/admin/orders?status=DELIVERED');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_ADMIN_MESSAGES.exportRangeRequired);

    await router.navigate('/admin/orders?status=DELIVERED&from=2026-06-01&to=2026-06-30');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe(
      '/api/orders/admin/export.csv?from=2026-06-01&to=2026-06-30&status=DELIVERED',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a To date before From with the server’s message, and neither filters nor exports that range', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    const { router } = renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply dates' }));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_ADMIN_MESSAGES.dateRangeReversed);
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('');
    expect(apiCalls(fetchMock).some((call) => call.line.includes('from=2026-06-30'))).toBe(false);

    // The right way round, the range is applied and exported.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply dates' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-06-01&to=2026-06-30'));
    expect(screen.queryByText(ORDER_ADMIN_MESSAGES.dateRangeReversed)).toBeNull();
    expect((await screen.findByRole('link', { name: 'Export CSV' })).getAttribute('href')).toBe(
      '/api/orders/admin/export.csv?from=2026-06-01&to=2026-06-30',
    );
  });

  it('offers no download of a range that ends before it starts, and says why', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    renderRoute('/admin/orders?from=2026-06-30&to=2026-06-01');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_ADMIN_MESSAGES.dateRangeReversed);
  });

  it('shows a failed load as "Error: …"', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': { status: 400, body: { code: 'INVALID_INPUT', message: 'from must be a date' } },
    });
    renderRoute('/admin/orders');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Error: from must be a date');
  });
});

describe('Manage Orders: one order', () => {
  it('shows each line in its unit, the unit price paid with a broken list price struck through, and the line totals', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/o1': { order: { ...order, items: unitLines } } });
    renderRoute('/admin/orders/o1');
    const items = await screen.findAllByTestId('order-item', {}, slow);
    expect(items.map((item) => item.textContent)).toEqual([
      'French Lace, Ivory2.5 yd × ₦1,200 / yard₦3,000.00',
      'Guipure Lace, Gold12.5 yd × was ₦1,200 ₦1,050 / yard₦13,125.00',
      'Gold Shank Buttons3 packs (36 buttons) × ₦2,500 / pack of 12₦7,500.00',
    ]);
  });

  it('shows the items, customer, shipping, payment, payment events and the history with actor and note', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/o1': { order } });
    renderRoute('/admin/orders/o1');
    expect(await screen.findByRole('heading', { name: 'Order TS-7K4Q9M2X' }, slow)).toBeTruthy();
    expect(screen.getAllByTestId('order-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('French Lace'),
      expect.stringContaining('Gold Buttons'),
    ]);
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer.textContent).toContain('ada@example.com');
    expect(screen.getByRole('region', { name: 'Shipping' }).textContent).toContain('14 Adeniran Ogunsanya Street');
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain('4099260516');
    expect(within(screen.getByRole('table', { name: 'Payment events' })).getByText('charge.success')).toBeTruthy();
    const history = screen.getByTestId('order-history');
    expect(history.textContent).toContain('Status: PENDING → PROCESSING');
    expect(history.textContent).toContain('Admin admin@example.com');
    expect(history.textContent).toContain('Packed by Bola');
    // A paid card order has no transfer to confirm.
    expect(screen.queryByRole('button', { name: 'Confirm bank transfer' })).toBeNull();
  });

  it('sends the chosen status with the note, and toasts the server’s message', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o1': { order },
      '/api/orders/o1/status': { message: 'Order status updated', order: { ...order, status: 'SHIPPED' } },
    });
    renderRoute('/admin/orders/o1');
    fireEvent.change(await screen.findByLabelText('Status', {}, slow), { target: { value: 'SHIPPED' } });
    fireEvent.change(screen.getByLabelText('Note (optional, staff only)'), { target: { value: 'GIG Logistics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order status updated')).toBeTruthy();
    const patch = apiCalls(fetchMock).find((call) => call.line === 'PATCH /api/orders/o1/status');
    expect(patch?.body).toEqual({ status: 'SHIPPED', note: 'GIG Logistics' });
  });

  it('asks before cancelling a paid card order, saying what is refunded', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o1': { order },
      '/api/orders/o1/status': {
        message: 'Order status updated',
        order: { ...order, status: 'CANCELLED', paymentStatus: 'REFUNDED' },
      },
    });
    renderRoute('/admin/orders/o1');
    fireEvent.change(await screen.findByLabelText('Status', {}, slow), { target: { value: 'CANCELLED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this paid order?' });
    expect(dialog.textContent).toContain("This refunds ₦17,500.00 to the customer's card.");
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('PATCH'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() =>
      expect(apiCalls(fetchMock).find((call) => call.line === 'PATCH /api/orders/o1/status')?.body).toEqual({
        status: 'CANCELLED',
      }),
    );
  });

  it('shows a refused change as "Error: …" (the provider could not refund)', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o1': { order: anAdminOrder({ status: 'PENDING', paymentStatus: 'UNPAID' }) },
      '/api/orders/o1/status': {
        status: 502,
        body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'Paystack could not be reached. Try again.' },
      },
    });
    renderRoute('/admin/orders/o1');
    fireEvent.change(await screen.findByLabelText('Status', {}, slow), { target: { value: 'DELIVERED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Paystack could not be reached. Try again.');
  });
});

describe('Manage Orders: confirming a bank transfer', () => {
  it('is offered only on an unpaid bank-transfer order, checks the amount, and sends it in naira with the note', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o2': { order: transferOrder },
      '/api/orders/o2/confirm-transfer': {
        message: ORDER_ADMIN_MESSAGES.transferConfirmed,
        order: { ...transferOrder, paymentStatus: 'PAID', status: 'PROCESSING' },
      },
    });
    renderRoute('/admin/orders/o2');
    const amount = await screen.findByLabelText('Amount received (₦)', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm bank transfer' }));
    expect(await screen.findByText(ORDER_ADMIN_MESSAGES.amountRequired)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '17500.505' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm bank transfer' }));
    expect(await screen.findByText(ORDER_ADMIN_MESSAGES.amountInvalid)).toBeTruthy();
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('PATCH'))).toBe(false);

    fireEvent.change(amount, { target: { value: '17500.50' } });
    fireEvent.change(screen.getByLabelText('Note (bank reference)'), { target: { value: 'GTB ref 889' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm bank transfer' }));
    expect(await screen.findByText(ORDER_ADMIN_MESSAGES.transferConfirmed)).toBeTruthy();
    expect(apiCalls(fetchMock).find((call) => call.line === 'PATCH /api/orders/o2/confirm-transfer')?.body).toEqual({
      amountReceived: 17500.5,
      note: 'GTB ref 889',
    });
  });

  it('shows a short amount refused by the server as "Error: …" and keeps what was typed', async () => {
    const message = ORDER_ADMIN_MESSAGES.amountShort('₦10,000.00', '₦17,500.00');
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o2': { order: transferOrder },
      '/api/orders/o2/confirm-transfer': {
        status: 409,
        body: { code: 'TRANSFER_AMOUNT_SHORT', message, totalAmount: 17500 },
      },
    });
    renderRoute('/admin/orders/o2');
    const amount = (await screen.findByLabelText('Amount received (₦)', {}, slow)) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm bank transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${message}`);
    expect(amount.value).toBe('10000');
  });
});

describe('Manage Orders: cancelling several orders at once', () => {
  const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
  const selectAll = () => checkbox('Select all on this page');
  const cancelSelected = () => screen.getByRole('button', { name: /^Cancel selected/ });

  it('has a checkbox per order, named after it, and one for the whole page that is mixed while only some are chosen', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    const [first, second] = screen.getAllByTestId('order-row');
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByRole('checkbox', { name: 'Select order TS-7K4Q9M2X' })).toBeTruthy();
    expect(within(second).getByRole('checkbox', { name: 'Select order TS-BANK2345' })).toBeTruthy();
    expect(cancelSelected().textContent).toBe('Cancel selected (0)');
    expect(cancelSelected().getAttribute('aria-disabled')).toBe('true');
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(false);

    fireEvent.click(checkbox('Select order TS-7K4Q9M2X'));
    expect(selectAll().indeterminate).toBe(true);
    expect(selectAll().checked).toBe(false);
    expect(cancelSelected().textContent).toBe('Cancel selected (1)');
    expect(cancelSelected().getAttribute('aria-disabled')).toBe('false');

    // A mixed page checkbox selects them all, as a browser's own does.
    fireEvent.click(selectAll());
    expect(selectAll().checked).toBe(true);
    expect(selectAll().indeterminate).toBe(false);
    expect(checkbox('Select order TS-BANK2345').checked).toBe(true);
    expect(cancelSelected().textContent).toBe('Cancel selected (2)');

    fireEvent.click(selectAll());
    expect(checkbox('Select order TS-7K4Q9M2X').checked).toBe(false);
    expect(checkbox('Select order TS-BANK2345').checked).toBe(false);
    expect(cancelSelected().textContent).toBe('Cancel selected (0)');
  });

  it('asks first, naming the orders; Keep orders sends nothing and keeps the choice', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': list });
    renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.click(cancelSelected());
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(selectAll());
    fireEvent.click(cancelSelected());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 orders?' });
    expect(within(dialog).getByTestId('bulk-cancel-orders').textContent).toBe('TS-7K4Q9M2X, TS-BANK2345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep orders' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('POST'))).toBe(false);
    expect(cancelSelected().textContent).toBe('Cancel selected (2)');
  });

  it('cancels them with the note: the summary as a toast, each failure listed, the choice cleared and the list reloaded', async () => {
    const message = ORDER_ADMIN_MESSAGES.bulkCancelled(1, 1);
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': list,
      '/api/orders/admin/cancel': {
        message,
        results: [
          {
            id: 'o1',
            orderNumber: 'TS-7K4Q9M2X',
            outcome: 'failed',
            message: 'Paystack could not refund it. Try again.',
          },
          { id: 'o2', orderNumber: 'TS-BANK2345', outcome: 'cancelled', message: null },
        ],
      },
    });
    renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.click(checkbox('Select order TS-7K4Q9M2X'));
    fireEvent.click(checkbox('Select order TS-BANK2345'));
    fireEvent.click(cancelSelected());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 orders?' });
    fireEvent.change(within(dialog).getByLabelText('Note (optional, staff only)'), {
      target: { value: 'Customer asked by phone' },
    });
    const listLoads = apiCalls(fetchMock).filter((call) => call.line.startsWith('GET /api/orders/admin?')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel orders' }));

    expect(await screen.findByText(message)).toBeTruthy();
    const failures = await screen.findByTestId('bulk-cancel-failures');
    expect(failures.getAttribute('role')).toBe('alert');
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['TS-7K4Q9M2X: Paystack could not refund it. Try again.']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkbox('Select order TS-7K4Q9M2X').checked).toBe(false);
    expect(checkbox('Select order TS-BANK2345').checked).toBe(false);
    expect(cancelSelected().textContent).toBe('Cancel selected (0)');
    expect(apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders/admin/cancel')?.body).toEqual({
      orderIds: ['o1', 'o2'],
      note: 'Customer asked by phone',
    });
    await waitFor(() =>
      expect(
        apiCalls(fetchMock).filter((call) => call.line.startsWith('GET /api/orders/admin?')).length,
      ).toBeGreaterThan(listLoads),
    );
  });

  it('sends no note when none is written, and names one order in the singular', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': list,
      '/api/orders/admin/cancel': {
        message: ORDER_ADMIN_MESSAGES.bulkCancelled(1, 0),
        results: [{ id: 'o2', orderNumber: 'TS-BANK2345', outcome: 'cancelled', message: null }],
      },
    });
    renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.click(checkbox('Select order TS-BANK2345'));
    fireEvent.click(cancelSelected());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 1 order?' });
    fireEvent.change(within(dialog).getByLabelText('Note (optional, staff only)'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(ORDER_ADMIN_MESSAGES.bulkCancelled(1, 0))).toBeTruthy();
    expect(apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders/admin/cancel')?.body).toEqual({
      orderIds: ['o2'],
    });
    expect(screen.queryByTestId('bulk-cancel-failures')).toBeNull();
  });

  it('shows a refused call as "Error: …" and keeps the choice', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/admin': list,
      '/api/orders/admin/cancel': {
        status: 400,
        body: { code: 'INVALID_INPUT', message: ORDER_ADMIN_MESSAGES.bulkCancelTooMany },
      },
    });
    renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.click(selectAll());
    fireEvent.click(cancelSelected());
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel 2 orders?' })).getByRole('button', {
        name: 'Cancel orders',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${ORDER_ADMIN_MESSAGES.bulkCancelTooMany}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelSelected().textContent).toBe('Cancel selected (2)');
  });

  it('forgets the choice when the page or a filter changes', async () => {
    fakeApi({ '/api/users/session': { user: admin }, '/api/orders/admin': { ...list, total: 30 } });
    const { router } = renderRoute('/admin/orders');
    await screen.findByRole('table', { name: 'Orders' }, slow);
    fireEvent.click(checkbox('Select order TS-7K4Q9M2X'));
    expect(cancelSelected().textContent).toBe('Cancel selected (1)');

    // The same orders come back for page 2 here; what was chosen on page 1 is not carried over.
    await router.navigate('/admin/orders?page=2');
    await waitFor(() => expect(cancelSelected().textContent).toBe('Cancel selected (0)'));
    expect(checkbox('Select order TS-7K4Q9M2X').checked).toBe(false);

    fireEvent.click(selectAll());
    expect(cancelSelected().textContent).toBe('Cancel selected (2)');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'PENDING' } });
    await waitFor(() => expect(cancelSelected().textContent).toBe('Cancel selected (0)'));
    expect(selectAll().checked).toBe(false);
  });
});
