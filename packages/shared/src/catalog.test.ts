import { describe, expect, it } from 'vitest';
import { productCardSchema, productListQuerySchema, searchQuerySchema } from './catalog';
import { cardImageOf, productCardOf } from './product-cards';
import { aLaceByTheYard } from './testing';

describe('catalogue query parameters', () => {
  it('default to page 1 of 24 products, newest first', () => {
    expect(productListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 24, sort: 'newest' });
  });

  it('refuse page 0, a page size over 100, a price that is not a number and an unknown sort, naming the parameter', () => {
    const result = productListQuerySchema.safeParse({
      page: '0',
      pageSize: '10000',
      minPrice: 'abc',
      sort: 'cheapest',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('page must be a whole number at least 1');
    expect(messages).toContain('pageSize must be a whole number from 1 to 100');
    expect(messages).toContain('minPrice must be an amount in naira, such as 1500 or 1499.50');
    expect(messages).toContain('sort must be one of newest, price_asc, price_desc, name');
  });

  it('refuse a minimum price above the maximum', () => {
    const result = productListQuerySchema.safeParse({ minPrice: '500', maxPrice: '100' });
    expect(result.success).toBe(false);
  });

  it('accept a blank search query', () => {
    expect(searchQuerySchema.parse({ query: '  ' }).query).toBe('  ');
  });
});

describe('a product card', () => {
  // A lace by the yard (0.5 yd steps from 1 yd, a break from 10 yd) with a gallery of two.
  const product = aLaceByTheYard({
    images: ['/images/demo/gold-lace-1-full.webp', '/images/demo/gold-lace-2-full.webp'],
    isHotBuy: true,
  });

  it('keeps what a card shows and how the product is sold, and drops the description, specifications, gallery and nested subcategory', () => {
    const card = productCardOf(product);
    expect(productCardSchema.parse(card)).toEqual(card);
    expect(card).not.toHaveProperty('subcategory');
    expect(card.subcategoryId).toBe(product.subcategoryId);
    expect(card).not.toHaveProperty('description');
    expect(card).not.toHaveProperty('specifications');
    expect(card).not.toHaveProperty('images');
    expect(card).not.toHaveProperty('updatedAt');
    expect(card).toMatchObject({ unit: 'yard', step: 0.5, minQuantity: 1, priceBreaks: product.priceBreaks });
    expect(card.image).toBe('/images/demo/gold-lace-1-thumb.webp');
  });

  it("takes the first picture's thumb when the naming gives one, else the picture itself, else none", () => {
    expect(cardImageOf(['/uploads/products/x-1-full.webp'])).toBe('/uploads/products/x-1-thumb.webp');
    expect(cardImageOf(['/uploads/products/x.webp', '/b-full.webp'])).toBe('/uploads/products/x.webp');
    expect(cardImageOf([])).toBeNull();
  });

  it('refuses a whole product: a card has no key beyond its own', () => {
    expect(productCardSchema.safeParse({ ...productCardOf(product), description: 'x' }).success).toBe(false);
    expect(productCardSchema.safeParse({ ...productCardOf(product), subcategory: product.subcategory }).success).toBe(
      false,
    );
  });
});
