// @vitest-environment jsdom
import { APP_START_MESSAGES, type Product, STOCK_ALERT_MESSAGES } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aLaceByTheYard, aUser } from '../../testing/fixtures';
import { drawn, typeBeforeStart } from '../../testing/hydrate';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';
import { cartStore } from '../cart/cart-store';
import { StockAlertForm } from './components/stock-alert-form';

// The page's first render loads its lazy chunk, which a busy machine may take seconds over.
const slow = { timeout: 5000 };
const soldOut = aLaceByTheYard({ stock: 0.5 });

async function openProduct(product: Product, alertAnswer: unknown, extra: Record<string, unknown> = {}) {
  const fetchMock = fakeApi({
    [`/api/products/${product.slug}`]: { product },
    [`/api/products/${product.id}/related`]: { products: [] },
    [`/api/products/${product.id}/stock-alerts`]: alertAnswer,
    ...extra,
  });
  renderRoute(`/products/${product.slug}`);
  await screen.findByRole('heading', { level: 1, name: product.name }, slow);
  return fetchMock;
}

const form = () => within(screen.getByTestId('stock-alert'));
const emailField = () => form().getByRole('textbox', { name: STOCK_ALERT_MESSAGES.emailLabel }) as HTMLInputElement;

beforeEach(() => {
  window.localStorage.clear();
  cartStore.resetForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the back-in-stock form', () => {
  it('shows on a sold-out product only, and sends the address; the answer is announced', async () => {
    const fetchMock = await openProduct(soldOut, {
      status: 201,
      body: { message: STOCK_ALERT_MESSAGES.confirmationSent },
    });
    expect(screen.getByRole('heading', { name: STOCK_ALERT_MESSAGES.heading })).toBeTruthy();
    fireEvent.change(emailField(), { target: { value: ' ada@example.com ' } });
    fireEvent.click(form().getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }));
    await waitFor(() => expect(form().getByRole('status').textContent).toBe(STOCK_ALERT_MESSAGES.confirmationSent));
    expect(apiCalls(fetchMock).find((call) => call.line.startsWith('POST'))).toEqual({
      line: `POST /api/products/${soldOut.id}/stock-alerts`,
      body: { email: 'ada@example.com' },
    });
  });

  it('is absent on a product that can be bought', async () => {
    await openProduct(aLaceByTheYard(), { status: 201, body: {} });
    expect(screen.queryByTestId('stock-alert')).toBeNull();
  });

  it('puts a refused address under the field, tied to it', async () => {
    await openProduct(soldOut, {
      status: 400,
      body: { code: 'INVALID_INPUT', message: 'Invalid email address', errors: { email: 'Invalid email address' } },
    });
    fireEvent.change(emailField(), { target: { value: 'not-an-email' } });
    fireEvent.click(form().getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }));
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    const described = emailField().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Invalid email address');
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('says why a request was refused in an alert (a limit, or back in stock meanwhile)', async () => {
    await openProduct(soldOut, {
      status: 409,
      body: { code: 'STOCK_ALERT_LIMIT', message: STOCK_ALERT_MESSAGES.tooManyForEmail },
    });
    fireEvent.change(emailField(), { target: { value: 'ada@example.com' } });
    fireEvent.click(form().getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }));
    expect((await form().findByRole('alert')).textContent).toBe(STOCK_ALERT_MESSAGES.tooManyForEmail);
    expect(emailField().value).toBe('ada@example.com');
  });

  it('reads the product again when it came back in stock since the page was drawn', async () => {
    const fetchMock = await openProduct(soldOut, {
      status: 409,
      body: { code: 'IN_STOCK', message: STOCK_ALERT_MESSAGES.inStock },
    });
    const productReads = () =>
      apiCalls(fetchMock).filter((call) => call.line === `GET /api/products/${soldOut.slug}`).length;
    const before = productReads();
    fireEvent.change(emailField(), { target: { value: 'ada@example.com' } });
    fireEvent.click(form().getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }));
    expect((await form().findByRole('alert')).textContent).toBe(STOCK_ALERT_MESSAGES.inStock);
    await waitFor(() => expect(productReads()).toBeGreaterThan(before));
  });

  it('fills in a signed-in customer’s email', async () => {
    await openProduct(
      soldOut,
      { status: 201, body: { message: STOCK_ALERT_MESSAGES.requested } },
      { '/api/users/session': { user: aUser({ email: 'tailor@example.com' }) } },
    );
    await waitFor(() => expect(emailField().value).toBe('tailor@example.com'));
  });
});

describe('the back-in-stock form on a drawn product page', () => {
  it('cannot be sent before the app has started, says so, keeps what was typed, and is sent by the app after', async () => {
    const fetchMock = fakeApi({
      [`/api/products/${soldOut.id}/stock-alerts`]: { status: 201, body: { message: STOCK_ALERT_MESSAGES.requested } },
    });
    const page = drawn(
      <QueryClientProvider client={new QueryClient()}>
        <StockAlertForm productId={soldOut.id} />
      </QueryClientProvider>,
    );
    const form = page.container.querySelector('form') as HTMLFormElement;
    // Never a GET: pressed somehow before the app runs, the address goes in no URL.
    expect(form.getAttribute('method')).toBe('post');
    const button = () => form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    expect(button().textContent).toContain(APP_START_MESSAGES.gettingReady);
    expect(button().textContent).toContain(APP_START_MESSAGES.reason);
    const field = form.querySelector('input[type="email"]') as HTMLInputElement;
    typeBeforeStart(field, 'waiting@example.com');

    await page.start();
    expect(page.errors).toEqual([]);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe(STOCK_ALERT_MESSAGES.submit);
    expect(field.value).toBe('waiting@example.com');
    fireEvent.click(button());
    await waitFor(() => expect(apiCalls(fetchMock).some((call) => call.line.startsWith('POST'))).toBe(true));
    expect(apiCalls(fetchMock).find((call) => call.line.startsWith('POST'))?.body).toEqual({
      email: 'waiting@example.com',
    });
    page.cleanup();
  });
});
