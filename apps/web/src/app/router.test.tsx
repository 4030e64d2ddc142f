// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPages } from '../lib/lazy-page';
import { aProduct } from '../testing/fixtures';
import { fakeApi, renderRoute } from '../testing/render-route';
import { createAppRouter } from './router';

const lace = aProduct({
  name: 'Gold Guipure Lace',
  slug: 'gold-guipure-lace',
  price: 12500,
  stock: 3,
  specifications: [{ name: 'Width', value: '12 cm' }],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('match the first location as the router is created, with the lazy page app/start-app.tsx loads before the first render', async () => {
    window.history.replaceState(null, '', '/products/gold-guipure-lace');
    const router = createAppRouter();
    const loads = preloadPages(router.state.matches.map((match) => match.route.element));
    expect(loads).toHaveLength(1);
    await Promise.all(loads);
    router.dispose();
    window.history.replaceState(null, '', '/');
  });

  it('an unknown path redirects to the home page', async () => {
    fakeApi({ '/api/products/featured': { products: [] } });
    const { router } = renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: /finishing touches/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the home page lists featured products linking to their pages', async () => {
    fakeApi({ '/api/products/featured': { products: [lace] } });
    renderRoute('/');
    const link = await screen.findByRole('link', { name: 'Gold Guipure Lace' });
    expect(link.getAttribute('href')).toBe('/products/gold-guipure-lace');
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shop');
  });

  it('the home page says so when there are no featured products', async () => {
    fakeApi({ '/api/products/featured': { products: [] } });
    renderRoute('/');
    expect(await screen.findByText('No featured products available at the moment.')).toBeTruthy();
  });

  it('reset password without an email in navigation state goes to forgot password', async () => {
    fakeApi({});
    const { router } = renderRoute('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('reset password with an email in navigation state stays', async () => {
    fakeApi({});
    renderRoute('/reset-password', { email: 'ada@example.com' });
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
  });

  it('/categories opens the first category', async () => {
    const laces = { id: 'c1', name: 'Laces', slug: 'laces', description: 'All our laces', subcategories: [] };
    fakeApi({
      '/api/categories': { categories: [laces] },
      '/api/categories/c1': { category: laces },
      '/api/products/category/c1': { products: [lace], page: 1, pageSize: 24, total: 1 },
    });
    const { router } = renderRoute('/categories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Laces' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/categories/c1');
    expect(await screen.findByRole('link', { name: 'Gold Guipure Lace' })).toBeTruthy();
  });

  it('a product page shows name, naira price, stock and specifications', async () => {
    fakeApi({ '/api/products/gold-guipure-lace': { product: lace } });
    renderRoute('/products/gold-guipure-lace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gold Guipure Lace' })).toBeTruthy();
    expect(screen.getByText('₦12,500.00')).toBeTruthy();
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText('12 cm')).toBeTruthy();
  });

  it("an unknown product shows 'Product Not Found'", async () => {
    fakeApi({ '/api/products/missing': { status: 404, body: { message: 'Product Not Found' } } });
    renderRoute('/products/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Not Found' })).toBeTruthy();
  });

  it('search shows the query with the number of results', async () => {
    const fetchMock = fakeApi({
      '/api/products/search': { products: [lace], page: 1, pageSize: 24, total: 1, query: 'lace' },
    });
    renderRoute('/search?q=lace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results for "lace"' })).toBeTruthy();
    expect(await screen.findByText('1 product found')).toBeTruthy();
    // The first call is the session check; find the search among the calls.
    expect(
      fetchMock.mock.calls.map((call) => String(call[0])).find((url) => url.includes('/api/products/search')),
    ).toContain('query=lace');
  });

  it('search with no results says so', async () => {
    fakeApi({ '/api/products/search': { products: [], page: 1, pageSize: 24, total: 0, query: 'velvet' } });
    renderRoute('/search?q=velvet');
    expect(await screen.findByText('No products found matching your search.')).toBeTruthy();
  });

  it('a list shows the API error message when loading fails', async () => {
    fakeApi({
      '/api/products': { status: 500, body: { message: 'Failed to fetch products' } },
      '/api/categories': { categories: [] },
    });
    renderRoute('/shop');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to fetch products'));
  });

  it('legal pages share a side menu of the five policy links', async () => {
    fakeApi({});
    renderRoute('/refund-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund Policy' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Policies' });
    expect(menu.querySelectorAll('a')).toHaveLength(5);
  });
});
