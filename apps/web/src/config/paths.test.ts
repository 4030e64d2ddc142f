import { matchStorefrontPage, STOREFRONT_PAGE_PATHS, storefrontPageHref, storefrontPagePattern } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('the catalogue routes of the web app', () => {
  it('are the pages of the shared table the server draws', () => {
    expect(paths.home.path).toBe(storefrontPagePattern('home'));
    expect(paths.shop.path).toBe(storefrontPagePattern('shop'));
    expect(paths.categories.path).toBe(storefrontPagePattern('categories'));
    expect(paths.category.path).toBe(storefrontPagePattern('category', 'categoryId'));
    expect(paths.subcategory.path).toBe(storefrontPagePattern('subcategory', 'subcategoryId'));
    expect(paths.product.path).toBe(storefrontPagePattern('product', 'productId'));
    expect(Object.keys(STOREFRONT_PAGE_PATHS)).toHaveLength(6);
  });

  it('link to the page the server matches, with the id or slug encoded alike', () => {
    for (const slug of ['french-lace', 'lace & trims', 'ọ̀ja']) {
      expect(paths.category.href(slug)).toBe(storefrontPageHref('category', slug));
      expect(paths.subcategory.href(slug)).toBe(storefrontPageHref('subcategory', slug));
      expect(paths.product.href(slug)).toBe(storefrontPageHref('product', slug));
      expect(matchStorefrontPage(paths.product.href(slug))).toEqual({
        name: 'product',
        segment: encodeURIComponent(slug),
      });
    }
    expect(matchStorefrontPage(paths.shop.href())).toEqual({ name: 'shop' });
  });
});
