import { describe, expect, it } from 'vitest';
import { productSchema } from './catalog';
import { aLaceByTheYard, aPackOfButtons, aProduct } from './testing';

describe('the test products', () => {
  it('are products as the API sends them, each sold as its name says', () => {
    for (const product of [aProduct(), aLaceByTheYard(), aPackOfButtons()]) {
      expect(productSchema.parse(product)).toEqual(product);
    }
    expect([aProduct(), aLaceByTheYard(), aPackOfButtons()].map((product) => product.unit)).toEqual([
      'piece',
      'yard',
      'pack',
    ]);
  });

  it('take the fields a test names over their own', () => {
    expect(aLaceByTheYard({ name: 'Gold Lace', stock: 3 })).toMatchObject({
      name: 'Gold Lace',
      stock: 3,
      unit: 'yard',
    });
  });
});
