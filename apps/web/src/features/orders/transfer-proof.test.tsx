// @vitest-environment jsdom

import { TRANSFER_PROOF_MESSAGES as P, TRANSFER_PROOF_MAX_BYTES } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, aPaymentConfig, aUser } from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';
import { anAdminOrder } from '../admin/admin-testing';

// The proof of a bank transfer: the customer's upload on the order page, and the admin's panel.

const slow = { timeout: 5000 };
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const customer = aUser();
const admin = aUser({ id: 'u-admin', firstName: 'Shop', role: 'ADMIN', email: 'admin@example.com' });
const config = aPaymentConfig({ testMode: false });
const unpaid = anOrder({
  id: 'o2',
  orderNumber: 'TS-BANK2345',
  status: 'PENDING',
  paymentStatus: 'UNPAID',
  paymentMethod: 'bankTransfer',
  transactionId: null,
  paidAt: null,
  expiresAt: '2026-11-27T13:30:00.000Z',
  transferProof: null,
});
const pendingProof = {
  status: 'pending' as const,
  uploadedAt: '2026-11-26T10:00:00.000Z',
  contentType: 'image/png' as const,
  fileName: 'receipt.png',
  reason: null,
};

const fileInput = () => screen.getByLabelText(/^(Another p|P)icture or PDF of your transfer$/) as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Upload proof of payment' }));

describe('the customer uploads a proof of payment', () => {
  it('checks the type and size with the server’s messages before sending anything', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o2': { order: unpaid },
    });
    renderRoute('/orders/o2');
    await screen.findByRole('heading', { name: 'Proof of payment' }, slow);
    expect(fileInput().accept).toBe('image/jpeg,image/png,image/webp,application/pdf');
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(P.fileRequired);

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(P.unsupportedType);
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');

    const big = new File([new Uint8Array(TRANSFER_PROOF_MAX_BYTES + 1)], 'big.pdf', { type: 'application/pdf' });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe(P.tooLarge);
    send();
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('POST'))).toBe(false);
  });

  it('sends the file as multipart and then shows it awaiting review', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o2': { order: unpaid },
      '/api/orders/o2/transfer-proof': {
        status: 201,
        body: { message: P.uploaded, order: { ...unpaid, transferProof: pendingProof } },
      },
    });
    renderRoute('/orders/o2');
    await screen.findByRole('heading', { name: 'Proof of payment' }, slow);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    choose(file);
    send();
    expect(await screen.findByText(P.uploaded)).toBeTruthy();
    expect(screen.getByTestId('transfer-proof-status').textContent).toContain(P.statusPending);
    const call = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(
      ([url, init]) => url.endsWith('/api/orders/o2/transfer-proof') && init.method === 'POST',
    );
    const body = call?.[1].body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('receipt.png');
  });

  it('shows the server’s refusal and keeps the chosen file to send again', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o2': { order: unpaid },
      '/api/orders/o2/transfer-proof': {
        status: 415,
        body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: P.unsupportedType },
      },
    });
    renderRoute('/orders/o2');
    await screen.findByRole('heading', { name: 'Proof of payment' }, slow);
    choose(new File(['not really a pdf'], 'renamed.pdf', { type: 'application/pdf' }));
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(P.unsupportedType);
    expect(fileInput().files?.[0]?.name).toBe('renamed.pdf');
    expect(screen.getByRole('button', { name: 'Upload proof of payment' })).toBeTruthy();
  });

  it('shows a rejected proof with its reason, and offers another upload', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o2': {
        order: { ...unpaid, transferProof: { ...pendingProof, status: 'rejected', reason: 'The amount is short' } },
      },
    });
    renderRoute('/orders/o2');
    const status = await screen.findByTestId('transfer-proof-status', {}, slow);
    expect(status.textContent).toContain(P.statusRejected);
    expect(status.textContent).toContain('Reason: The amount is short');
    expect(screen.getByLabelText('Another picture or PDF of your transfer')).toBeTruthy();
  });

  it('offers nothing on a card order or a paid transfer, and says a confirmed proof is confirmed', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': { order: anOrder() },
      '/api/orders/o3': {
        order: {
          ...unpaid,
          id: 'o3',
          paymentStatus: 'PAID',
          status: 'PROCESSING',
          transferProof: { ...pendingProof, status: 'confirmed' },
        },
      },
    });
    renderRoute('/orders/o1');
    await screen.findByRole('heading', { level: 1, name: 'Order TS-7K4Q9M2X' }, slow);
    expect(screen.queryByRole('heading', { name: 'Proof of payment' })).toBeNull();
    cleanup();
    renderRoute('/orders/o3');
    expect((await screen.findByTestId('transfer-proof-status', {}, slow)).textContent).toContain(P.statusConfirmed);
    expect(screen.queryByLabelText(/^(Another p|P)icture or PDF of your transfer$/)).toBeNull();
  });

  it('says the transfer is confirmed once paid, even when the proof before it was rejected', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o4': {
        order: {
          ...unpaid,
          id: 'o4',
          paymentStatus: 'PAID',
          status: 'PROCESSING',
          transferProof: { ...pendingProof, status: 'rejected', reason: 'Not readable' },
        },
      },
    });
    renderRoute('/orders/o4');
    const status = await screen.findByTestId('transfer-proof-status', {}, slow);
    expect(status.textContent).toContain(P.statusConfirmed);
    expect(status.textContent).not.toContain(P.statusRejected);
  });
});

describe('the admin reviews a proof', () => {
  const transferOrder = anAdminOrder({
    id: 'o2',
    orderNumber: 'TS-BANK2345',
    status: 'PENDING',
    paymentStatus: 'UNPAID',
    paymentMethod: 'bankTransfer',
    transactionId: null,
    paidAt: null,
    paymentEvents: [],
    transferProof: pendingProof,
  });

  it('shows a picture proof through the authenticated route, and rejects it with a reason', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o2': { order: transferOrder },
      '/api/orders/o2/reject-transfer': {
        message: P.rejected,
        order: { ...transferOrder, transferProof: { ...pendingProof, status: 'rejected', reason: 'Wrong account' } },
      },
    });
    renderRoute('/admin/orders/o2');
    const panel = await screen.findByTestId('admin-transfer-proof', {}, slow);
    const image = within(panel).getByRole('img', { name: 'Proof of payment for order TS-BANK2345' });
    expect(image.getAttribute('src')).toMatch(/^\/api\/orders\/o2\/transfer-proof\?v=/);
    // Confirming is the transfer form beside it.
    expect(screen.getByRole('button', { name: 'Confirm bank transfer' })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Reject transfer' }));
    expect(await within(panel).findByText(P.reasonRequired)).toBeTruthy();
    expect(apiCalls(fetchMock).some((call) => call.line.startsWith('PATCH'))).toBe(false);

    fireEvent.change(within(panel).getByLabelText('Reason for rejecting (sent to the customer)'), {
      target: { value: 'Wrong account' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject transfer' }));
    await waitFor(() =>
      expect(apiCalls(fetchMock).find((call) => call.line === 'PATCH /api/orders/o2/reject-transfer')?.body).toEqual({
        reason: 'Wrong account',
      }),
    );
    expect(await screen.findByText(P.rejected)).toBeTruthy();
  });

  it('links a PDF proof for download rather than showing it', async () => {
    fakeApi({
      '/api/users/session': { user: admin },
      '/api/orders/o2': {
        order: {
          ...transferOrder,
          transferProof: { ...pendingProof, contentType: 'application/pdf', fileName: 'bank.pdf' },
        },
      },
    });
    renderRoute('/admin/orders/o2');
    const panel = await screen.findByTestId('admin-transfer-proof', {}, slow);
    const link = within(panel).getByRole('link', { name: 'Download the PDF proof (bank.pdf)' });
    expect(link.getAttribute('href')).toMatch(/^\/api\/orders\/o2\/transfer-proof\?v=/);
    expect(within(panel).queryByRole('img')).toBeNull();
  });
});
