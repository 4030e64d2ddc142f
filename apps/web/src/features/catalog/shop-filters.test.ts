import { describe, expect, it } from 'vitest';
import { readShopFilters, withShopFilters } from './shop-filters';

describe('shop filters in the URL', () => {
  it('reads every filter from the query string', () => {
    expect(
      readShopFilters(
        new URLSearchParams('sort=price_asc&minPrice=500&maxPrice=2500.5&inStock=true&page=3&category=c1'),
      ),
    ).toEqual({ page: 3, sort: 'price_asc', minPrice: 500, maxPrice: 2500.5, inStock: true, categoryId: 'c1' });
  });

  it('drops values it cannot read, and a subcategory wins over its category', () => {
    expect(
      readShopFilters(
        new URLSearchParams('sort=cheapest&minPrice=-4&maxPrice=abc&inStock=yes&page=0&category=c1&subcategory=s2'),
      ),
    ).toEqual({ page: 1, subcategoryId: 's2' });
  });

  it('drops a price the API would refuse: more than two decimals, or a minimum above the maximum', () => {
    expect(readShopFilters(new URLSearchParams('minPrice=1.234&maxPrice=2500'))).toEqual({ page: 1, maxPrice: 2500 });
    expect(readShopFilters(new URLSearchParams('minPrice=500&maxPrice=100'))).toEqual({ page: 1 });
  });

  it('goes back to page 1 when a filter changes, and keeps the page when only the page changes', () => {
    const params = new URLSearchParams('sort=name&page=4');
    expect(withShopFilters(params, { inStock: 'true' }).toString()).toBe('sort=name&inStock=true');
    expect(withShopFilters(params, { page: '5' }).toString()).toBe('sort=name&page=5');
    expect(withShopFilters(params, { sort: undefined }).toString()).toBe('');
  });
});
