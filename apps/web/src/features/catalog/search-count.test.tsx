// @vitest-environment jsdom
import { SEARCH_TOTAL_CAP } from '@shop/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../testing/fixtures';
import { fakeApi, renderRoute } from '../../testing/render-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the search page count', () => {
  it('shows "1,000+ products found" when the search stopped counting at the cap', async () => {
    fakeApi({
      '/api/products/search': {
        products: [aProduct()],
        page: 1,
        pageSize: 24,
        total: SEARCH_TOTAL_CAP,
        totalCapped: true,
        query: 'lace',
      },
    });
    renderRoute('/search?q=lace');
    expect(await screen.findByText('1,000+ products found')).toBeTruthy();
  });

  it('shows the exact count, grouped, when it is below the cap', async () => {
    fakeApi({
      '/api/products/search': {
        products: [aProduct()],
        page: 1,
        pageSize: 24,
        total: 999,
        totalCapped: false,
        query: 'lace',
      },
    });
    renderRoute('/search?q=lace');
    expect(await screen.findByText('999 products found')).toBeTruthy();
  });
});
