// @vitest-environment jsdom
import { ORDER_MESSAGES as M, type Product, parseQuantity, QUANTITY_MESSAGES, saleTermsOf } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import {
  aLaceByTheYard,
  anOrder,
  aPackOfButtons,
  aPaymentConfig,
  aProduct,
  aShopInfo,
  aUser,
} from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';
import { type CartLine, cartStore, productSaleFields } from '../cart/cart-store';

// The first render of a page loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };

const customer = aUser();

const config = aPaymentConfig();

/** A cart line as the store keeps it: `quantity` in the unit, kept as hundredths. */
const lineOf = (product: Product, quantity: number): CartLine => ({
  productId: product.id,
  slug: product.slug,
  name: product.name,
  price: product.price,
  image: undefined,
  ...productSaleFields(product),
  stockHundredths: parseQuantity(product.stock) ?? 0,
  hundredths: parseQuantity(quantity) as number,
});

/** Pieces of a lace, 10 in stock. */
const line = (productId: string, price: number, quantity: number) =>
  lineOf(aProduct({ id: productId, slug: productId, name: `Lace ${productId}`, price, stock: 10 }), quantity);

function putInCart(...lines: CartLine[]) {
  window.localStorage.setItem(storageKeys.cart, JSON.stringify(lines));
  cartStore.resetForTests();
}

// The order as the shop answers it once placed: pending and unpaid, no attempt to pay it yet.
const order = (method: 'card' | 'bankTransfer') =>
  anOrder({
    status: 'PENDING',
    paymentStatus: 'UNPAID',
    paymentMethod: method,
    items: [],
    transactionId: null,
    paidAt: null,
    paymentReference: null,
  });

async function fillShipping() {
  fireEvent.change(await screen.findByLabelText('Phone number', {}, slow), { target: { value: '0803 123 4567' } });
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '14 Adeniran Ogunsanya Street' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Surulere' } });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Lagos' } });
  fireEvent.change(await screen.findByLabelText('Area (local government)'), { target: { value: 'Surulere' } });
  fireEvent.change(screen.getByLabelText('Zip code'), { target: { value: '101283' } });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  putInCart(line('p1', 4500, 2), line('p2', 3500, 1));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  cartStore.resetForTests();
});

describe('the checkout form', () => {
  it('is prefilled from the profile, with Nigeria first of the four countries', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/checkout');
    expect(((await screen.findByLabelText('First name', {}, slow)) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.value).toBe('Nigeria');
    expect([...country.options].map((option) => option.value)).toEqual(['Nigeria', 'Ghana', 'USA', 'UK']);
    expect(await screen.findByText(M.testPaymentsBanner, {}, slow)).toBeTruthy();
  });

  it('shows every SPEC message and sends nothing while a field is wrong', async () => {
    const fetchMock = fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/checkout');
    fireEvent.change(await screen.findByLabelText('First name', {}, slow), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    for (const text of [
      M.firstNameRequired,
      M.lastNameRequired,
      M.emailRequired,
      M.phoneRequired,
      M.addressRequired,
      M.cityRequired,
      M.stateRequired,
      M.zipCodeRequired,
    ]) {
      expect(await screen.findByText(text, {}, slow)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'tailor@' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Invalid email address', {}, slow)).toBeTruthy();
    expect(await screen.findByText('Please enter a valid phone number', {}, slow)).toBeTruthy();
    const sent = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://shop.test').pathname);
    expect(sent).not.toContain('/api/orders');
    expect(sent).not.toContain('/api/users/profile');
  });

  it('offers Standard only from ₦20,000, saying why, and shows PayPal disabled with its reason', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/checkout');
    const standard = (await screen.findByRole('radio', { name: /^Standard delivery/ }, slow)) as HTMLInputElement;
    expect(standard.disabled).toBe(true);
    expect(standard.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(M.standardNeedsSubtotal)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Regular delivery/ }) as HTMLInputElement).checked).toBe(true);
    const paypal = screen.getByRole('radio', { name: /^PayPal/ }) as HTMLInputElement;
    expect(paypal.disabled).toBe(true);
    expect(screen.getByText(M.paypalUnavailable)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Card/ }) as HTMLInputElement).checked).toBe(true);
    cleanup();

    putInCart(line('p1', 10000, 2));
    renderRoute('/checkout');
    const enough = (await screen.findByRole('radio', { name: /^Standard delivery/ }, slow)) as HTMLInputElement;
    expect(enough.disabled).toBe(false);
    expect(enough.checked).toBe(true);
    expect(screen.queryByText(M.standardNeedsSubtotal)).toBeNull();
  });

  it('sums the summary with the delivery fee of the chosen method', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/checkout');
    fireEvent.click(await screen.findByRole('radio', { name: /^Express delivery/ }, slow));
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('₦12,500.00');
    expect(screen.getByTestId('summary-delivery-fee').textContent).toBe('₦5,000.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('₦17,500.00');
    fireEvent.click(screen.getByRole('radio', { name: /^Store pickup/ }));
    expect(screen.getByTestId('summary-delivery-fee').textContent).toBe('Free');
    expect(screen.getByTestId('summary-total').textContent).toBe('₦12,500.00');
  });

  it('names the shop’s address, from its settings, beside store pickup', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config, '/api/settings': aShopInfo() });
    renderRoute('/checkout');
    const pickup = await screen.findByRole('radio', { name: /^Store pickup/ }, slow);
    expect((await screen.findByTestId('pickup-address', {}, slow)).textContent).toBe(
      'At 7 Idumagbo Avenue, Lagos Island, Lagos, Nigeria',
    );
    expect(pickup.closest('label')?.textContent).toContain('7 Idumagbo Avenue');
  });

  it('shows a way to the shop instead of the form when the cart is empty', async () => {
    putInCart();
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/checkout');
    expect((await screen.findByRole('link', { name: 'Start Shopping' }, slow)).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});

describe('placing the order', () => {
  it('saves the phone and address to the profile, then creates the order, then offers to pay it', async () => {
    const fetchMock = fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: { ...customer, phoneNumber: '+2348031234567' } },
      '/api/orders': { status: 201, body: { message: M.orderCreated, order: order('card') } },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('radio', { name: /^Express delivery/ }));
    const place = screen.getByRole('button', { name: 'Place Order' });
    fireEvent.click(place);
    fireEvent.click(place);
    expect(await screen.findByText(M.orderCreated, {}, slow)).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('TS-7K4Q9M2X');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeTruthy();

    const calls = (fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][])
      .map(([input, init]) => ({ path: new URL(String(input), 'http://shop.test').pathname, init }))
      .filter((call) => call.path === '/api/users/profile' || call.path === '/api/orders');
    expect(calls.map((call) => call.path)).toEqual(['/api/users/profile', '/api/orders']);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      // Typed as 0803 123 4567: a Nigerian mobile is sent in its one form (decision 021).
      phoneNumber: '+2348031234567',
      address: '14 Adeniran Ogunsanya Street',
    });
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      shippingDetails: {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@example.com',
        phoneNumber: '+2348031234567',
        address: '14 Adeniran Ogunsanya Street',
        city: 'Surulere',
        state: 'Lagos',
        area: 'Surulere',
        zipCode: '101283',
        country: 'Nigeria',
      },
      paymentDetails: { method: 'card', transactionId: null },
      deliveryMethod: 'EXPRESS',
      items: [
        { productId: 'p1', quantity: 2, price: 4500 },
        { productId: 'p2', quantity: 1, price: 3500 },
      ],
    });
    // A reload resumes this order instead of placing another; the cart waits for the payment.
    expect(JSON.parse(window.sessionStorage.getItem(storageKeys.pendingOrder) ?? '{}').id).toBe('o1');
    expect(cartStore.getLines()).toHaveLength(2);
  });

  it('resumes the unpaid order after a reload instead of showing the form', async () => {
    window.sessionStorage.setItem(storageKeys.pendingOrder, JSON.stringify({ id: 'o1', orderNumber: 'TS-7K4Q9M2X' }));
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/orders/o1': { order: order('card') },
    });
    renderRoute('/checkout');
    expect(await screen.findByText(M.orderCreated, {}, slow)).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('TS-7K4Q9M2X');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('puts changed prices into the cart, says so and keeps the form', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 409,
        body: { code: 'PRICE_CHANGED', message: M.priceChanged, prices: [{ productId: 'p1', price: 5000 }] },
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(M.priceChanged, {}, slow)).toBeTruthy();
    expect(cartStore.getLines().find((l) => l.productId === 'p1')?.price).toBe(5000);
    await waitFor(() => expect(screen.getByTestId('summary-subtotal').textContent).toBe('₦13,500.00'));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Surulere');
  });

  it('lowers a line to the stock left and shows the server’s message', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 409,
        body: { code: 'OUT_OF_STOCK', message: 'Only 1 left in stock for Lace p1', productId: 'p1', available: 1 },
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('Only 1 left in stock for Lace p1');
    expect(cartStore.getLines().find((l) => l.productId === 'p1')?.hundredths).toBe(100);
  });

  it('says a product held by transfers and pay on delivery can still be bought by card, with no way to My Orders', async () => {
    const message = M.longHoldShareLimit('Gold Cord Lace');
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 409,
        body: {
          code: 'HOLD_LIMIT_REACHED',
          message,
          limit: 'longHolds',
          productId: 'p1',
          errors: { 'paymentDetails.method': message },
        },
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Please pay by card to order it now.');
    expect(within(alert).queryByRole('link', { name: 'My Orders' })).toBeNull();
    expect(cartStore.getLines()).toHaveLength(2);
  });

  it.each([
    ['HOLD_LIMIT_REACHED', 409, M.unpaidOrdersLimit(3)],
    ['TOO_MANY_REQUESTS', 429, M.tooManyOrders],
  ] as const)(
    'shows a %s refusal with a way to My Orders, and keeps the form and the cart',
    async (code, status, message) => {
      let answer: unknown = {
        status,
        body: { code, message, ...(code === 'HOLD_LIMIT_REACHED' ? { limit: 'unpaidOrders' } : {}) },
      };
      const fetchMock = fakeApi({
        '/api/users/session': { user: customer },
        '/api/payments/config': config,
        '/api/users/profile': { message: 'Profile updated', user: customer },
        get '/api/orders'() {
          return answer;
        },
      });
      renderRoute('/checkout');
      await fillShipping();
      fireEvent.click(screen.getByRole('radio', { name: /^Express delivery/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

      const alert = await screen.findByRole('alert', {}, slow);
      expect(alert.textContent).toContain(message);
      expect(within(alert).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');
      // Everything typed and chosen is still there, and so is the cart.
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Surulere');
      expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0803 123 4567');
      expect((screen.getByRole('radio', { name: /^Express delivery/ }) as HTMLInputElement).checked).toBe(true);
      expect(cartStore.getLines()).toHaveLength(2);
      expect(window.sessionStorage.getItem(storageKeys.pendingOrder)).toBeNull();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false),
      );

      // Sent again once an unpaid order is dealt with, it goes through with what was typed.
      answer = { status: 201, body: { message: M.orderCreated, order: order('card') } };
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByText(M.orderCreated, {}, slow)).toBeTruthy();
      const sent = apiCalls(fetchMock).filter((call) => call.line === 'POST /api/orders');
      expect(sent).toHaveLength(2);
      expect(sent[1]?.body).toEqual(sent[0]?.body);
      expect(sent[1]?.body).toMatchObject({ deliveryMethod: 'EXPRESS', shippingDetails: { city: 'Surulere' } });
    },
  );

  it('shows a payment the shop will not start for now (429) beside Pay Now, on the same order', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': { status: 201, body: { message: M.orderCreated, order: order('card') } },
      '/api/orders/o1/payment': {
        status: 429,
        body: { code: 'TOO_MANY_REQUESTS', message: M.tooManyPaymentAttempts },
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }, slow));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(M.tooManyPaymentAttempts);
    expect(screen.getByTestId('order-number').textContent).toBe('TS-7K4Q9M2X');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeTruthy();
    expect(cartStore.getLines()).toHaveLength(2);
  });

  it('says plainly when the payment service is not answering, that the order is kept until its deadline and can be paid later', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 201,
        body: { message: M.orderCreated, order: { ...order('card'), expiresAt: '2025-06-03T10:00:00Z' } },
      },
      '/api/orders/o1/payment': {
        status: 502,
        body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: M.providerUnavailable },
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }, slow));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(M.providerNotAnswering);
    const deadline = screen.getByText(/Your items are kept for you until/);
    expect(deadline.querySelector('time')?.getAttribute('datetime')).toBe('2025-06-03T10:00:00Z');
    expect(screen.getByRole('link', { name: 'View order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeTruthy();
  });

  it('shows the bank details with the order number as the reference for a bank transfer', async () => {
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 201,
        body: { message: M.orderCreated, order: { ...order('bankTransfer'), expiresAt: '2025-06-03T10:00:00Z' } },
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const details = await screen.findByTestId('bank-transfer-details', {}, slow);
    expect(within(details).getByText('Stitch & Trim Supplies')).toBeTruthy();
    expect(within(details).getByText('Test Bank')).toBeTruthy();
    expect(within(details).getByText('0123456789')).toBeTruthy();
    expect(details.querySelector('[data-field="transfer-reference"]')?.textContent).toBe('TS-7K4Q9M2X');
    // Unpaid by its deadline, the order is cancelled: the customer is told when that is.
    expect(screen.getByTestId('pay-by').querySelector('time')?.getAttribute('dateTime')).toBe('2025-06-03T10:00:00Z');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(cartStore.getLines()).toHaveLength(0);
  });
});

describe('lengths, packs and price breaks at checkout', () => {
  const lace = aLaceByTheYard();
  const buttons = aPackOfButtons();
  const placeOrderAnswered = (answer: unknown) =>
    fakeApi({
      '/api/users/session': { user: customer },
      '/api/payments/config': config,
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': answer,
    });
  const summaryLine = (name: string) =>
    screen.getAllByTestId('summary-line').find((item) => item.textContent?.includes(name)) as HTMLElement;

  it('shows each line in its unit at the price it pays, and sends the quantity in the unit and the price after the break', async () => {
    putInCart(lineOf(lace, 2.5), lineOf(buttons, 5));
    const fetchMock = placeOrderAnswered({ status: 201, body: { message: M.orderCreated, order: order('card') } });
    renderRoute('/checkout');
    await fillShipping();
    const laceLine = summaryLine('French Lace');
    expect(within(laceLine).getByTestId('summary-line-quantity').textContent).toBe('× 2.5 yd');
    expect(within(laceLine).getByTestId('summary-line-price').textContent).toBe('₦1,200.00 / yard');
    expect(within(laceLine).getByTestId('summary-line-total').textContent).toBe('₦3,000.00');
    const buttonLine = summaryLine('Gold Shank Buttons');
    expect(within(buttonLine).getByTestId('summary-line-quantity').textContent).toBe('× 5 packs (60 buttons)');
    expect(within(buttonLine).getByTestId('summary-line-price').textContent).toBe(
      '₦2,200.00 / pack of 12 was ₦2,500.00',
    );
    expect(within(buttonLine).getByTestId('summary-line-total').textContent).toBe('₦11,000.00');
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('₦14,000.00');

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(M.orderCreated, {}, slow)).toBeTruthy();
    const sent = apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders');
    expect(sent?.body).toMatchObject({
      items: [
        { productId: 'p-lace', quantity: 2.5, price: 1200 },
        { productId: 'p-buttons', quantity: 5, price: 2200 },
      ],
    });
  });

  // INVALID_INPUT is the shop's code for a 400; a code the client does not know is read by its status.
  it.each(['INVALID_INPUT', 'VALIDATION_FAILED'])(
    'shows the server’s word on a quantity (400 %s, items.N.quantity) under that line, and keeps the form',
    async (code) => {
      putInCart(lineOf(buttons, 2), lineOf(lace, 2.5));
      const message = QUANTITY_MESSAGES.offStep({ ...saleTermsOf(lace), stepHundredths: 100 });
      placeOrderAnswered({
        status: 400,
        body: { code, message: 'Invalid input', errors: { 'items.1.quantity': message } },
      });
      renderRoute('/checkout');
      await fillShipping();
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
      const alert = await screen.findByRole('alert', {}, slow);
      expect(alert.textContent).toContain(`French Lace, Ivory: ${message}`);
      expect(within(summaryLine('French Lace')).getByTestId('summary-line-problem').textContent).toBe(message);
      expect(within(summaryLine('Gold Shank Buttons')).queryByTestId('summary-line-problem')).toBeNull();
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Surulere');
      expect(cartStore.getLines().map((l) => l.hundredths)).toEqual([200, 250]);
      // Once the line has another quantity, the word about the old one goes.
      cartStore.setQuantity('p-lace', 300);
      await waitFor(() => expect(screen.queryByTestId('summary-line-problem')).toBeNull());
    },
  );

  it('takes a changed price break from a 409 PRICE_CHANGED into the cart and says the prices changed', async () => {
    putInCart(lineOf(lace, 10), lineOf(buttons, 2));
    placeOrderAnswered({
      status: 409,
      body: {
        code: 'PRICE_CHANGED',
        message: M.priceChanged,
        prices: [
          {
            productId: 'p-lace',
            price: 1200,
            priceBreaks: [{ minQuantity: 10, price: 1000 }],
            unit: 'yard',
            step: 0.5,
            minQuantity: 1,
            packSize: null,
            packItemName: null,
            stock: 37.5,
          },
        ],
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('₦15,500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(M.priceChanged, {}, slow)).toBeTruthy();
    expect(screen.getByTestId('checkout-cart-changes').textContent).toBe(
      'The price of French Lace, Ivory changed from ₦1,050.00 / yard to ₦1,000.00 / yard.',
    );
    expect(cartStore.getLines()[0]?.priceBreaks).toEqual([{ minQuantity: 10, price: 1000 }]);
    await waitFor(() => expect(screen.getByTestId('summary-subtotal').textContent).toBe('₦15,000.00'));
    expect(within(summaryLine('French Lace')).getByTestId('summary-line-price').textContent).toBe(
      '₦1,000.00 / yard was ₦1,200.00',
    );
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Surulere');
  });

  it('says the cart changed when a 409 PRICE_CHANGED also leaves less stock than the line', async () => {
    putInCart(lineOf(lace, 12), lineOf(buttons, 2));
    placeOrderAnswered({
      status: 409,
      body: {
        code: 'PRICE_CHANGED',
        message: M.priceChanged,
        prices: [{ productId: 'p-lace', ...saleFieldsOfLace(), price: 1300, stock: 9.5 }],
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(M.cartChanged, {}, slow)).toBeTruthy();
    expect(screen.getByTestId('checkout-cart-changes').textContent).toContain(
      'Only 9.5 yd of French Lace, Ivory left in stock: quantity lowered to 9.5 yd.',
    );
    expect(cartStore.getLines()[0]).toMatchObject({ price: 1300, hundredths: 950, stockHundredths: 950 });
    // 9.5 yd at ₦1,300 (under the break now) and 2 packs at ₦2,500.
    await waitFor(() => expect(screen.getByTestId('summary-subtotal').textContent).toBe('₦17,350.00'));
  });

  it('lowers a length to what a 409 OUT_OF_STOCK says is left, in its unit', async () => {
    putInCart(lineOf(lace, 5));
    placeOrderAnswered({
      status: 409,
      body: {
        code: 'OUT_OF_STOCK',
        message: M.onlyLeftInStock('3.5 yd', lace.name),
        productId: 'p-lace',
        available: 3.5,
      },
    });
    renderRoute('/checkout');
    await fillShipping();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(M.onlyLeftInStock('3.5 yd', lace.name));
    expect(cartStore.getLines()[0]).toMatchObject({ hundredths: 350, stockHundredths: 350 });
  });

  function saleFieldsOfLace() {
    const { unit, step, minQuantity, packSize, packItemName, priceBreaks } = lace;
    return { unit, step, minQuantity, packSize, packItemName, priceBreaks };
  }
});

describe('after the payment', () => {
  it('shows the order number and transaction id on success', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/order/success', { orderId: 'o1', orderNumber: 'TS-7K4Q9M2X', transactionId: '4099260516' });
    expect((await screen.findByTestId('order-number', {}, slow)).textContent).toBe('TS-7K4Q9M2X');
    expect(screen.getByTestId('transaction-id').textContent).toBe('4099260516');
    expect(screen.getByRole('link', { name: 'View Order' }).getAttribute('href')).toBe('/orders/o1');
  });

  it('shows why it failed, Try Again for the same order and Contact Support', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/order/failed', {
      orderId: 'o1',
      orderNumber: 'TS-7K4Q9M2X',
      reason: 'Payment status: failed',
      detail: 'Declined',
    });
    expect((await screen.findByTestId('failure-reason', {}, slow)).textContent).toBe('Payment status: failed');
    expect(screen.getByTestId('failure-detail').textContent).toBe('Declined');
    expect(screen.getByTestId('order-number').textContent).toBe('TS-7K4Q9M2X');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
  });

  it('shows the payment modal’s loading failure as the reason', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/order/failed', { orderId: 'o1', orderNumber: 'TS-7K4Q9M2X', reason: M.paymentModalFailed });
    expect((await screen.findByTestId('failure-reason', {}, slow)).textContent).toBe(M.paymentModalFailed);
    expect(screen.queryByTestId('failure-detail')).toBeNull();
  });

  it('sends Try Again back to checkout when it does not know the order', async () => {
    fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config });
    renderRoute('/order/failed');
    expect((await screen.findByRole('link', { name: 'Try Again' }, slow)).getAttribute('href')).toBe('/checkout');
  });
});
