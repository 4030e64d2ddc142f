// @vitest-environment jsdom
import { ACCOUNT_MESSAGES, ORDER_MESSAGES as M } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatOrderDateTime } from '../../lib/order-labels';
import { storageKeys } from '../../lib/storage-keys';
import { anOrder, aPaymentConfig, aUser } from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';
import { cartStore } from '../cart/cart-store';

// Pay on delivery at checkout and on the customer's order page (docs/decisions/022-pay-on-delivery.md).

const slow = { timeout: 5000 };
const customer = aUser();
const config = aPaymentConfig();

function putInCart(price: number, quantity: number) {
  window.localStorage.setItem(
    storageKeys.cart,
    JSON.stringify([{ productId: 'p1', slug: 'p1', name: 'Lace p1', price, image: undefined, stock: 10, quantity }]),
  );
  cartStore.resetForTests();
}

async function fillShipping(state: string) {
  fireEvent.change(await screen.findByLabelText('Phone number', {}, slow), { target: { value: '0803 123 4567' } });
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '14 Adeniran Ogunsanya Street' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Surulere' } });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: state } });
  if (state === 'Lagos') {
    fireEvent.change(await screen.findByLabelText('Area (local government)'), { target: { value: 'Surulere' } });
  }
  fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '101283' } });
}

const podRadio = () => screen.findByRole('radio', { name: /^Pay on delivery/ }, slow) as Promise<HTMLInputElement>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  putInCart(4500, 2);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  cartStore.resetForTests();
});

describe('pay on delivery at checkout', () => {
  it('is offered for a Lagos address and places the order with it, then says what happens next', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: null },
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 201,
        body: {
          message: M.orderCreated,
          order: anOrder({
            status: 'PENDING',
            paymentStatus: 'UNPAID',
            paymentMethod: 'payOnDelivery',
            totalAmount: 14000,
            transactionId: null,
            paidAt: null,
            payOnDelivery: { confirmedAt: null, received: null },
            expiresAt: '2026-12-05T14:00:00.000Z',
          }),
        },
      },
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    const radio = await podRadio();
    await waitFor(() => expect(radio.disabled).toBe(false));
    fireEvent.click(radio);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const next = await screen.findByTestId('pay-on-delivery-next-steps', {}, slow);
    expect(next.textContent).toContain(M.podNextSteps('₦14,000.00'));
    // Until when the shop's call may come: unconfirmed by then, the order is cancelled.
    expect(next.textContent).toContain(M.podConfirmBy(formatOrderDateTime('2026-12-05T14:00:00.000Z')));
    const placed = apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders');
    expect(placed?.body).toMatchObject({ paymentDetails: { method: 'payOnDelivery' } });
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(cartStore.getLines()).toHaveLength(0);
  });

  it('is shown disabled with the reason for an Abuja address', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: null },
    });
    renderRoute('/checkout');
    await fillShipping('Federal Capital Territory');
    const radio = await podRadio();
    await waitFor(() => expect(radio.disabled).toBe(true));
    expect(screen.getByTestId('pay-on-delivery-reason').textContent).toBe(
      'Pay on delivery is available for Lagos addresses only',
    );
    // The reason is read with the option.
    expect(radio.getAttribute('aria-describedby')).toContain('payment-payOnDelivery-reason');
  });

  it('is disabled over the cap', async () => {
    // ₦150,001 with free Standard delivery: a naira over the cap.
    putInCart(150_001, 1);
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: null },
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    expect((await screen.findByTestId('pay-on-delivery-reason', {}, slow)).textContent).toBe(
      'Pay on delivery is available for orders up to ₦150,000',
    );
  });

  it('is disabled for a customer with an open pay-on-delivery order', async () => {
    putInCart(4500, 1);
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: { id: 'o9', orderNumber: 'TS-AAAA2222' } },
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    expect((await screen.findByTestId('pay-on-delivery-reason', {}, slow)).textContent).toBe(M.podOpenOrder);
  });

  it('is disabled with the reason for an unverified email, with a button that sends a new link', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: aUser({ emailVerified: false }) },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: null },
      '/api/users/resend-verification': { message: ACCOUNT_MESSAGES.verificationSent },
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    const radio = await podRadio();
    await waitFor(() => expect(radio.disabled).toBe(true));
    expect(screen.getByTestId('pay-on-delivery-reason').textContent).toBe(M.podEmailUnverified);
    // The other methods are still offered.
    expect((screen.getByRole('radio', { name: /^Bank transfer/ }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: /^Card/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.resendVerification }));
    expect((await screen.findByRole('status', {}, slow)).textContent).toBe(ACCOUNT_MESSAGES.verificationSent);
    expect(apiCalls(fetchMock).some((call) => call.line === 'POST /api/users/resend-verification')).toBe(true);
  });

  it('offers a new link when the server refuses it for an unverified email', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: null },
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 409,
        body: {
          code: 'PAY_ON_DELIVERY_UNAVAILABLE',
          message: M.podEmailUnverified,
          errors: { 'paymentDetails.method': M.podEmailUnverified },
          reason: 'unverified-email',
        },
      },
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    const radio = await podRadio();
    await waitFor(() => expect(radio.disabled).toBe(false));
    fireEvent.click(radio);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain(M.podEmailUnverified);
    expect(alert.querySelector('button')?.textContent).toBe(ACCOUNT_MESSAGES.resendVerification);
  });

  it('is not shown when the shop has switched it off', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': aPaymentConfig({ payOnDelivery: { enabled: false, capNaira: 0 } }),
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    await screen.findByRole('radio', { name: /^Bank transfer/ }, slow);
    expect(screen.queryByRole('radio', { name: /^Pay on delivery/ })).toBeNull();
  });

  it("says the server's refusal and keeps the form", async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/payments/pay-on-delivery': { openOrder: null },
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 409,
        body: {
          code: 'PAY_ON_DELIVERY_UNAVAILABLE',
          message: M.podOpenOrder,
          errors: { 'paymentDetails.method': M.podOpenOrder },
          reason: 'open-order',
        },
      },
    });
    renderRoute('/checkout');
    await fillShipping('Lagos');
    const radio = await podRadio();
    await waitFor(() => expect(radio.disabled).toBe(false));
    fireEvent.click(radio);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(M.podOpenOrder);
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('Lagos');
    expect(screen.getByRole('link', { name: 'My Orders' })).toBeTruthy();
  });
});

describe("the customer's pay-on-delivery order", () => {
  it('shows the method and the steps: placed and confirmed done, delivered and paid next', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': {
        order: anOrder({
          id: 'o1',
          status: 'PROCESSING',
          paymentStatus: 'UNPAID',
          paymentMethod: 'payOnDelivery',
          transactionId: null,
          paidAt: null,
          payOnDelivery: { confirmedAt: '2025-06-01T11:00:00Z', received: null },
        }),
      },
    });
    renderRoute('/orders/o1');
    const steps = await screen.findByTestId('pay-on-delivery-steps', {}, slow);
    const state = [...steps.querySelectorAll('li')].map((li) => [li.dataset.step, li.dataset.done]);
    expect(state).toEqual([
      ['placed', 'true'],
      ['confirmed', 'true'],
      ['delivered', 'false'],
    ]);
    expect(steps.querySelector('[aria-current="step"]')?.getAttribute('data-step')).toBe('delivered');
    expect(screen.getByText('Pay on delivery', { selector: 'dd' })).toBeTruthy();
  });

  it('shows the money received and how once delivered and paid', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': {
        order: anOrder({
          id: 'o1',
          status: 'DELIVERED',
          paymentStatus: 'PAID',
          paymentMethod: 'payOnDelivery',
          payOnDelivery: { confirmedAt: '2025-06-01T11:00:00Z', received: { amount: 14000, how: 'pos' } },
        }),
      },
    });
    renderRoute('/orders/o1');
    const steps = await screen.findByTestId('pay-on-delivery-steps', {}, slow);
    expect(steps.querySelector('[data-step="delivered"]')?.getAttribute('data-done')).toBe('true');
    expect(steps.textContent).toContain('₦14,000.00 by POS');
  });
});
