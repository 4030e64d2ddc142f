// @vitest-environment jsdom
import { LAGOS_AREAS, ORDER_MESSAGES as M } from '@shop/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { aPaymentConfig, aUser } from '../../testing/fixtures';
import { apiCalls, fakeApi, renderRoute } from '../../testing/render-route';
import { cartStore } from '../cart/cart-store';

// Decision 021 at the checkout: a list of states in Nigeria, the Lagos area when the state is
// Lagos, free text elsewhere; the values survive switching; errors sit next to their fields.

const slow = { timeout: 5000 };
const customer = aUser();
const config = aPaymentConfig();
const AREA = 'Area (local government)';

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(
    storageKeys.cart,
    JSON.stringify([{ productId: 'p1', slug: 'p1', name: 'Lace', price: 4500, stock: 10, quantity: 1 }]),
  );
  cartStore.resetForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  cartStore.resetForTests();
});

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openCheckout(responses: Record<string, unknown> = {}) {
  const fetchMock = fakeApi({ '/api/users/session': { user: customer }, '/api/payments/config': config, ...responses });
  renderRoute('/checkout');
  await screen.findByLabelText('First name', {}, slow);
  return fetchMock;
}

function fillTheRest() {
  change('Phone number', '0803 123 4567');
  change('Address', '3 Admiralty Way');
  change('City', 'Lekki');
  change('Zip code', '106104');
}

describe('the Nigerian address fields', () => {
  it('lists the 36 states and the FCT in Nigeria, and the 20 Lagos areas only when the state is Lagos', async () => {
    await openCheckout();
    const state = select('State');
    expect(state.tagName).toBe('SELECT');
    const labels = [...state.options].map((option) => option.textContent);
    expect(labels).toHaveLength(38);
    expect(labels[0]).toBe('Choose your state');
    expect(labels).toContain('FCT (Abuja)');
    expect(state.value).toBe('');
    expect(screen.queryByLabelText(AREA)).toBeNull();

    change('State', 'Federal Capital Territory');
    expect(screen.queryByLabelText(AREA)).toBeNull();
    change('State', 'Lagos');
    const area = (await screen.findByLabelText(AREA)) as HTMLSelectElement;
    expect([...area.options].slice(1).map((option) => option.value)).toEqual([...LAGOS_AREAS]);
  });

  it('keeps the state and the area while the country and the state change back and forth', async () => {
    await openCheckout();
    change('State', 'Lagos');
    fireEvent.change(await screen.findByLabelText(AREA), { target: { value: 'Eti-Osa' } });

    change('Country', 'Ghana');
    const typed = (await screen.findByLabelText('State')) as HTMLInputElement;
    expect(typed.tagName).toBe('INPUT');
    expect(typed.value).toBe('Lagos');
    expect(screen.queryByLabelText(AREA)).toBeNull();

    change('Country', 'Nigeria');
    expect((await screen.findByLabelText('State')).tagName).toBe('SELECT');
    expect(select('State').value).toBe('Lagos');
    expect(select(AREA).value).toBe('Eti-Osa');

    change('State', 'Ogun');
    expect(screen.queryByLabelText(AREA)).toBeNull();
    change('State', 'Lagos');
    expect(((await screen.findByLabelText(AREA)) as HTMLSelectElement).value).toBe('Eti-Osa');
  });

  it('says the area is missing and the phone is wrong next to their fields, sends nothing, and keeps what was typed', async () => {
    const fetchMock = await openCheckout();
    fillTheRest();
    change('Phone number', '0803 123');
    change('State', 'Lagos');
    await screen.findByLabelText(AREA);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    const areaError = await screen.findByText(M.areaRequired, {}, slow);
    expect(select(AREA).getAttribute('aria-invalid')).toBe('true');
    expect(select(AREA).getAttribute('aria-describedby')).toBe(areaError.id);
    const phoneError = await screen.findByText('Please enter a valid phone number');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-describedby')).toBe(phoneError.id);
    expect(apiCalls(fetchMock).map((call) => call.line)).not.toContain('POST /api/orders');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0803 123');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Lekki');
    expect(select('State').value).toBe('Lagos');
  });

  it('asks for a state from the list in Nigeria, and takes any state in another country', async () => {
    const fetchMock = await openCheckout({
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': { status: 500, body: { message: 'stop here' } },
    });
    fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(M.stateRequired, {}, slow)).toBeTruthy();

    change('Country', 'UK');
    fireEvent.change(await screen.findByLabelText('State'), { target: { value: 'Greater London' } });
    change('Phone number', '+44 20 7946 0958');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('alert', {}, slow);
    const order = apiCalls(fetchMock).find((call) => call.line === 'POST /api/orders');
    expect(order?.body).toMatchObject({
      shippingDetails: { state: 'Greater London', country: 'UK', phoneNumber: '+442079460958' },
    });
  });

  it('puts the server’s area message next to the area', async () => {
    await openCheckout({
      '/api/users/profile': { message: 'Profile updated', user: customer },
      '/api/orders': {
        status: 400,
        body: {
          code: 'INVALID_INPUT',
          message: 'Please check the form',
          errors: { 'shippingDetails.area': M.areaRequired },
        },
      },
    });
    fillTheRest();
    change('State', 'Lagos');
    fireEvent.change(await screen.findByLabelText(AREA), { target: { value: 'Ikeja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('alert', {}, slow);
    const messages = await screen.findAllByText(M.areaRequired);
    expect(messages.some((message) => select(AREA).getAttribute('aria-describedby') === message.id)).toBe(true);
  });
});
