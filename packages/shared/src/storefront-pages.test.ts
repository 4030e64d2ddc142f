import { describe, expect, it } from 'vitest';
import {
  matchStorefrontPage,
  parsePage,
  STOREFRONT_PAGE_ANSWERS,
  storefrontAnswerUrl,
  storefrontPageHref,
  storefrontPagePattern,
} from './storefront-pages';

describe('the storefront pages the server draws and the web app routes', () => {
  it('read ?page= as a whole number from 1, and anything else as page 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('1')).toBe(1);
    for (const value of [null, undefined, '', '0', '-2', '1.5', 'two', '2abc', 'Infinity', 'NaN']) {
      expect(parsePage(value)).toBe(1);
    }
    // Number() reads what a browser's URL may carry: whitespace and an exponent are still whole numbers.
    expect(parsePage(' 4 ')).toBe(4);
    expect(parsePage('2e1')).toBe(20);
  });

  it('name the page a path is, with the item segment as the URL carries it', () => {
    expect(matchStorefrontPage('/')).toEqual({ name: 'home' });
    expect(matchStorefrontPage('/shop')).toEqual({ name: 'shop' });
    expect(matchStorefrontPage('/categories')).toEqual({ name: 'categories' });
    expect(matchStorefrontPage('/categories/laces')).toEqual({ name: 'category', segment: 'laces' });
    expect(matchStorefrontPage('/subcategories/french%20lace')).toEqual({
      name: 'subcategory',
      segment: 'french%20lace',
    });
    expect(matchStorefrontPage('/products/gold-trim')).toEqual({ name: 'product', segment: 'gold-trim' });
    for (const other of ['/contact', '/products/x/edit', '/products/', '/shop/', '/checkout', '/categories/a/b']) {
      expect(matchStorefrontPage(other)).toBeUndefined();
    }
  });

  it('give the router its patterns and links the paths the table matches', () => {
    expect(storefrontPagePattern('product', 'productId')).toBe('/products/:productId');
    expect(storefrontPagePattern('shop')).toBe('/shop');
    const href = storefrontPageHref('category', 'laces & trims');
    expect(href).toBe('/categories/laces%20%26%20trims');
    expect(matchStorefrontPage(href)).toEqual({ name: 'category', segment: 'laces%20%26%20trims' });
  });

  it('list the answers each page arrives with, its own first, each with the URL its query asks for', () => {
    expect(STOREFRONT_PAGE_ANSWERS.product[0]).toBe('product');
    expect(STOREFRONT_PAGE_ANSWERS.category[0]).toBe('category');
    expect(storefrontAnswerUrl.productList(2)).toBe('/api/products?page=2&pageSize=24');
    expect(storefrontAnswerUrl.productsOfCategory('c 1', 1)).toBe('/api/products/category/c%201?page=1&pageSize=24');
    expect(storefrontAnswerUrl.related('p1')).toBe('/api/products/p1/related');
  });
});
