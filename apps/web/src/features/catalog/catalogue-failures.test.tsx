// @vitest-environment jsdom
import { CATALOG_MESSAGES as M } from '@shop/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '../../testing/render-route';

/** The shop's server answers 500 to everything. */
function shopFails() {
  fakeApi(
    Object.fromEntries(
      [
        '/api/products',
        '/api/products/search',
        '/api/products/p1',
        '/api/categories',
        '/api/categories/c1',
        '/api/products/featured',
        '/api/products/hot-buy',
      ].map((path) => [path, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }]),
    ),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alerts = async () => {
  await waitFor(() => expect(screen.queryAllByRole('alert').length).toBeGreaterThan(0), { timeout: 5000 });
  return screen.getAllByRole('alert').map((alert) => alert.textContent);
};

describe("the catalogue's failure texts (SPEC.md §8)", () => {
  it("the shop page says 'Failed to fetch products' and 'Failed to load categories'", async () => {
    shopFails();
    renderRoute('/shop');
    await waitFor(
      async () => {
        const texts = await alerts();
        expect(texts).toContain(`${M.fetchProductsFailed}Something went wrong`);
        expect(texts).toContain(`${M.loadCategoriesFailed}Something went wrong`);
      },
      { timeout: 5000 },
    );
  });

  it("a product page says 'Failed to fetch product'", async () => {
    shopFails();
    renderRoute('/products/p1');
    expect(await alerts()).toContain(`${M.fetchProductFailed}Something went wrong`);
  });

  it("the search page says 'Failed to fetch search results'", async () => {
    shopFails();
    renderRoute('/search?q=lace');
    expect(await alerts()).toContain(`${M.fetchSearchResultsFailed}Something went wrong`);
  });

  it("a category page says 'Failed to load categories' when the category cannot be read", async () => {
    shopFails();
    renderRoute('/categories/c1');
    await waitFor(async () => expect(await alerts()).toContain(`${M.loadCategoriesFailed}Something went wrong`), {
      timeout: 5000,
    });
  });

  it('a 404 keeps the shop’s own message', async () => {
    fakeApi({ '/api/categories/c9': { status: 404, body: { code: 'NOT_FOUND', message: 'Category Not Found' } } });
    renderRoute('/categories/c9');
    await waitFor(async () => expect(await alerts()).toContain('Category Not Found'), { timeout: 5000 });
  });
});
