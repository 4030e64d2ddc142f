import { describe, expect, it } from 'vitest';
import { pageDataKey, pageTitle, productImageSrcSet } from './pages';

describe('the page rules the server and the web app share', () => {
  it('name a request the same whatever order its parameters come in, leaving out empty ones', () => {
    expect(pageDataKey('/api/products', { pageSize: 24, page: 1 })).toBe('/api/products?page=1&pageSize=24');
    expect(pageDataKey('/api/products', { page: 1, pageSize: 24, sort: undefined, categoryId: '' })).toBe(
      '/api/products?page=1&pageSize=24',
    );
    expect(pageDataKey('/api/products', { inStock: true, minPrice: 1500.5 })).toBe(
      '/api/products?inStock=true&minPrice=1500.5',
    );
    expect(pageDataKey('/api/categories')).toBe('/api/categories');
  });

  it('encode parameter values as a URL does', () => {
    expect(pageDataKey('/api/products/search', { query: 'gold & lace' })).toBe(
      '/api/products/search?query=gold%20%26%20lace',
    );
  });

  it('title a page "Name | Stitch & Trim Supplies", and home by the shop name alone', () => {
    expect(pageTitle('French Lace')).toBe('French Lace | Stitch & Trim Supplies');
    expect(pageTitle()).toBe('Stitch & Trim Supplies');
  });

  it('offer the thumb and full renditions of a photo named for them, and nothing for another name', () => {
    expect(productImageSrcSet('/images/demo/lace-1-full.webp')).toBe(
      '/images/demo/lace-1-thumb.webp 400w, /images/demo/lace-1-full.webp 1000w',
    );
    expect(productImageSrcSet('/uploads/lace.jpg')).toBeUndefined();
  });
});
