// @vitest-environment jsdom
import { PAGE_SIZE_DEFAULT } from '@shop/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { routes } from '../../app/router';
import { readPageData, takePageData } from '../../lib/page-data';
import { aCategory, aProduct } from '../../testing/fixtures';
import { fakeApi } from '../../testing/render-route';
import { readSavedAnswer } from '../saved-catalogue/saved-answers';

/** Puts a page-data block into the document, as the server writes it, and reads it as app/start-app.tsx does. */
function servePageData(text: string | undefined) {
  document.getElementById('page-data')?.remove();
  if (text !== undefined) {
    const element = document.createElement('script');
    element.id = 'page-data';
    element.type = 'application/json';
    element.textContent = text;
    document.body.append(element);
  }
  readPageData();
}

/** The whole shop at `path` with the app's own query client (its freshness rules included). */
function openPage(path: string) {
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The catalogue calls the page made (the session's own call is not one). */
const catalogueCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test').pathname)
    .filter((path) => path.startsWith('/api/products') || path.startsWith('/api/categories'));

const product = aProduct({ id: 'p1', slug: 'satin-ribbon-wine', name: 'Satin Ribbon, Wine' });
const related = aProduct({ id: 'p2', slug: 'gold-lace', name: 'Gold Lace Trim' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  servePageData(undefined);
});

describe('pages that arrive with their data', () => {
  it('a product page starts from the embedded product and related products, without asking the API', async () => {
    servePageData(
      JSON.stringify({
        '/api/products/satin-ribbon-wine': { product },
        '/api/products/p1/related': { products: [related] },
      }),
    );
    const fetchMock = fakeApi({});
    openPage('/products/satin-ribbon-wine');
    expect(await screen.findByRole('heading', { level: 1, name: 'Satin Ribbon, Wine' })).toBeTruthy();
    expect((await screen.findAllByText('Gold Lace Trim')).length).toBeGreaterThan(0);
    expect(catalogueCalls(fetchMock)).toEqual([]);
    // Read once and gone from the document.
    expect(document.getElementById('page-data')).toBeNull();
    // Saved in this browser as a fetched answer is, for the day the shop cannot be reached.
    await waitFor(() => expect(readSavedAnswer(['products', 'detail', 'satin-ribbon-wine'])).toEqual(product), {
      timeout: 3_000,
    });
  });

  it('a product page fetches its product when the page has no embedded data', async () => {
    servePageData(undefined);
    const fetchMock = fakeApi({
      '/api/products/satin-ribbon-wine': { product },
      '/api/products/p1/related': { products: [] },
    });
    openPage('/products/satin-ribbon-wine');
    expect(await screen.findByRole('heading', { level: 1, name: 'Satin Ribbon, Wine' })).toBeTruthy();
    expect(catalogueCalls(fetchMock)).toContain('/api/products/satin-ribbon-wine');
  });

  it('a product page fetches its product when the embedded data is malformed', async () => {
    for (const text of [
      '{"/api/products/satin-ribbon-wine": {"product"',
      '{"/api/products/satin-ribbon-wine": "lace"}',
      '[1]',
    ]) {
      servePageData(text);
      const fetchMock = fakeApi({
        '/api/products/satin-ribbon-wine': { product },
        '/api/products/p1/related': { products: [] },
      });
      openPage('/products/satin-ribbon-wine');
      expect(await screen.findByRole('heading', { level: 1, name: 'Satin Ribbon, Wine' })).toBeTruthy();
      expect(catalogueCalls(fetchMock), text).toContain('/api/products/satin-ribbon-wine');
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('/shop starts from its embedded products and categories, under the keys the server names them by', async () => {
    const category = aCategory({ name: 'Trims' });
    servePageData(
      JSON.stringify({
        [`/api/products?page=1&pageSize=${PAGE_SIZE_DEFAULT}`]: {
          products: [product, related],
          page: 1,
          pageSize: PAGE_SIZE_DEFAULT,
          total: 2,
        },
        '/api/categories': { categories: [category] },
      }),
    );
    const fetchMock = fakeApi({});
    openPage('/shop');
    expect((await screen.findByTestId('shop-total')).textContent).toBe('2 products');
    expect(screen.getAllByText('Gold Lace Trim').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Trims').length).toBeGreaterThan(0);
    expect(catalogueCalls(fetchMock)).toEqual([]);
  });

  it('gives each embedded answer once, so a later visit to the same page fetches it fresh', () => {
    servePageData(JSON.stringify({ '/api/categories': { categories: [] } }));
    const pick = (answer: unknown) => answer;
    expect(takePageData('/api/categories', {}, pick)).toEqual({ categories: [] });
    expect(takePageData('/api/categories', {}, pick)).toBeUndefined();
  });
});
