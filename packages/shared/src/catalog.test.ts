import { describe, expect, it } from 'vitest';
import { productListQuerySchema, searchQuerySchema } from './catalog';

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
