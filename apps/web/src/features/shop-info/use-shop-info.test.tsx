// @vitest-environment jsdom
import { SHOP_INFO_DEFAULTS } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '../../app/layout/site-footer';
import { dropPageData, providePageData } from '../../lib/page-data';
import { storageKeys } from '../../lib/storage-keys';
import { aShopInfo } from '../../testing/fixtures';
import { fakeApi, renderRoute, renderWithShopProviders } from '../../testing/render-route';
import { saveAnswer } from '../saved-catalogue/saved-answers';
import { shopInfoQueryKey } from './api/get-shop-info';

const slow = { timeout: 5000 };

const shop = aShopInfo();
const defaultPhone = '+234 801 234 5678';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  dropPageData();
  vi.unstubAllGlobals();
});

const renderFooter = () => renderWithShopProviders(<SiteFooter />);

const settingsCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://shop.test').pathname === '/api/settings');

describe('useShopInfo: the shop’s details from its settings', () => {
  it('the contact page shows the address, phone, WhatsApp, email, hours and map link of GET /api/settings', async () => {
    fakeApi({ '/api/settings': shop });
    renderRoute('/contact');
    const phone = await screen.findByTestId('shop-phone', {}, slow);
    expect(phone.textContent).toBe('+234 809 111 2233');
    expect(phone.getAttribute('href')).toBe('tel:+2348091112233');
    expect(screen.getByTestId('shop-address').textContent).toBe('7 Idumagbo Avenue, Lagos Island, Lagos, Nigeria');
    // The contact card's and the footer's.
    const emails = screen.getAllByRole('link', { name: 'care@stitchandtrim.test' });
    expect(emails.map((link) => link.getAttribute('href'))).toEqual([
      'mailto:care@stitchandtrim.test',
      'mailto:care@stitchandtrim.test',
    ]);
    expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/2348094445566',
    );
    const hours = within(screen.getByTestId('shop-hours'));
    expect(hours.getByText('Monday to Saturday')).toBeTruthy();
    expect(hours.getByText('Closed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the address in your maps app' }).getAttribute('href')).toContain(
      encodeURIComponent('7 Idumagbo Avenue'),
    );
    // The map picture shows the first shop's street, not this one.
    expect(screen.queryByRole('img', { name: /Street map/ })).toBeNull();
    expect(screen.queryByText(defaultPhone)).toBeNull();
  });

  it('the footer shows the phone, email and hours of the settings', async () => {
    fakeApi({ '/api/settings': shop });
    renderFooter();
    const contact = await screen.findByTestId('footer-contact', {}, slow);
    expect(contact.textContent).toContain('+234 809 111 2233');
    expect(contact.textContent).toContain('care@stitchandtrim.test');
    const hours = screen.getByTestId('footer-hours');
    expect(within(hours).getByText('Monday to Saturday')).toBeTruthy();
    expect(within(hours).getByText('9:00 – 19:00')).toBeTruthy();
  });

  it('while the details load, shows no phone or hours at all (never an old number)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderRoute('/contact');
    expect(await screen.findByText("Loading the shop's details", {}, slow)).toBeTruthy();
    expect(screen.queryByTestId('footer-contact')).toBeNull();
    expect(screen.queryByTestId('footer-hours')).toBeNull();
    expect(screen.queryByText(defaultPhone)).toBeNull();
    expect(screen.queryByText(SHOP_INFO_DEFAULTS.openingHours[0]?.days ?? '')).toBeNull();
  });

  it('says so on the contact page when the details cannot be had at all', async () => {
    fakeApi({ '/api/settings': { status: 400, body: { message: 'Bad request' } } });
    renderRoute('/contact');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(
      "The shop's details could not be loaded",
    );
    expect(screen.queryByText(defaultPhone)).toBeNull();
  });

  it('treats a fetched answer that is not a whole ShopInfo as a failed read, and the page still works', async () => {
    fakeApi({ '/api/settings': { products: [] } });
    renderRoute('/contact');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(
      "The shop's details could not be loaded",
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('starts from the answer the drawn page embedded: the server’s HTML and the first render agree, without a fetch', () => {
    const fetchMock = fakeApi({ '/api/settings': aShopInfo({ phone: '+2348000000000' }) });
    const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tree = (queryClient: QueryClient) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SiteFooter />
        </MemoryRouter>
      </QueryClientProvider>
    );
    providePageData([['/api/settings', shop]]);
    const serverHtml = renderToString(tree(client()));
    expect(serverHtml).toContain('+234 809 111 2233');

    providePageData([['/api/settings', shop]]);
    const { container } = render(tree(client()));
    // The first render, before any answer could come back.
    expect(within(container).getByTestId('footer-contact').textContent).toContain('+234 809 111 2233');
    expect(settingsCalls(fetchMock)).toEqual([]);
  });

  it('refuses an embedded answer that is not a whole ShopInfo and asks the server', async () => {
    const fetchMock = fakeApi({ '/api/settings': shop });
    providePageData([['/api/settings', { name: 'Half a shop' }]]);
    renderFooter();
    expect((await screen.findByTestId('footer-contact', {}, slow)).textContent).toContain('+234 809 111 2233');
    expect(settingsCalls(fetchMock)).toHaveLength(1);
  });

  it('when the shop cannot be reached, shows the details this browser saved last', async () => {
    saveAnswer([...shopInfoQueryKey], shop);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderFooter();
    expect((await screen.findByTestId('footer-contact', {}, slow)).textContent).toContain('+234 809 111 2233');
  });

  it('saves each answer for those times', async () => {
    fakeApi({ '/api/settings': shop });
    renderFooter();
    await screen.findByTestId('footer-contact', {}, slow);
    expect(localStorage.getItem(storageKeys.savedCatalogue)).toContain('+2348091112233');
  });
});
