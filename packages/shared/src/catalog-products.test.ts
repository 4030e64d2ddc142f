import { describe, expect, it } from 'vitest';
import { createProductRequestSchema, saleTermsFromInput, updateProductRequestSchema } from './catalog';
import { PRODUCT_MESSAGES as P } from './catalog-messages';
import { SALE_TERMS_MESSAGES } from './sale-terms';

const multipart = {
  name: 'Cord lace',
  description: 'Stoned cord lace, 5 yards',
  price: '18500.50',
  stock: '12',
  subcategoryId: 'sub-1',
  specifications: JSON.stringify([{ name: 'Length', value: '5 yards' }]),
  isHotBuy: 'true',
  isNewlyAdded: 'false',
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('admin product fields', () => {
  it('read a product from its multipart text fields', () => {
    expect(createProductRequestSchema.parse(multipart)).toEqual({
      name: 'Cord lace',
      description: 'Stoned cord lace, 5 yards',
      price: 18500.5,
      stock: 12,
      subcategoryId: 'sub-1',
      specifications: [{ name: 'Length', value: '5 yards' }],
      isHotBuy: true,
      isNewlyAdded: false,
      unit: 'piece',
      packSize: null,
      packItemName: null,
      priceBreaks: [],
    });
  });

  it('read how a product is sold: a length with its step, minimum and price breaks, a pack with its size', () => {
    const lace = createProductRequestSchema.parse({
      ...multipart,
      price: '1200',
      stock: '37.5',
      unit: 'yard',
      step: '0.5',
      minQuantity: '1',
      priceBreaks: JSON.stringify([{ minQuantity: '10', price: '1050' }]),
    });
    expect(lace).toMatchObject({ unit: 'yard', step: 0.5, minQuantity: 1, stock: 37.5 });
    expect(saleTermsFromInput(lace)).toEqual({
      unit: 'yard',
      stepHundredths: 50,
      minHundredths: 100,
      packSize: null,
      packItemName: null,
      priceBreaks: [{ minHundredths: 1000, priceKobo: 105_000 }],
    });
    const buttons = createProductRequestSchema.parse({
      ...multipart,
      unit: 'pack',
      packSize: '12',
      packItemName: 'buttons',
    });
    expect(saleTermsFromInput(buttons)).toMatchObject({
      unit: 'pack',
      stepHundredths: 100,
      packSize: 12,
      packItemName: 'buttons',
    });
    const messages = messagesOf(
      createProductRequestSchema.safeParse({
        ...multipart,
        price: '1200',
        unit: 'yard',
        step: '0.5',
        minQuantity: '0.75',
        priceBreaks: [{ minQuantity: 10, price: 1300 }],
      }),
    );
    expect(messages.minQuantity).toBe(SALE_TERMS_MESSAGES.minOffStep);
    expect(messages.priceBreaks).toBe(SALE_TERMS_MESSAGES.breakPriceInvalid);
    expect(messagesOf(createProductRequestSchema.safeParse({ ...multipart, unit: 'pack' })).packSize).toBe(
      SALE_TERMS_MESSAGES.packSizeRequired,
    );
    expect(messagesOf(createProductRequestSchema.safeParse({ ...multipart, unit: 'bale' })).unit).toBe(
      SALE_TERMS_MESSAGES.unitInvalid,
    );
  });

  it('take the same fields as JSON values, with no specifications and both flags off by default', () => {
    expect(
      createProductRequestSchema.parse({
        name: 'Pins',
        description: 'Box of 100',
        price: 500,
        stock: 0,
        subcategoryId: 's',
      }),
    ).toMatchObject({ price: 500, stock: 0, specifications: [], isHotBuy: false, isNewlyAdded: false });
  });

  it('require name, description, price, stock and subcategory, with the form messages', () => {
    const messages = messagesOf(
      createProductRequestSchema.safeParse({ name: ' ', description: '', price: '', stock: '', subcategoryId: '' }),
    );
    expect(messages).toEqual({
      name: P.nameRequired,
      description: P.descriptionRequired,
      price: P.priceRequired,
      stock: P.stockRequired,
      subcategoryId: P.subcategoryRequired,
    });
    expect(messagesOf(createProductRequestSchema.safeParse({})).price).toBe(P.priceRequired);
  });

  it('refuse a price with more than two decimals or below zero, and stock that is not a whole number of 0 or more', () => {
    for (const price of ['1.234', '-5', 'abc', 1.234]) {
      expect(messagesOf(createProductRequestSchema.safeParse({ ...multipart, price })).price).toBe(P.priceInvalid);
    }
    expect(messagesOf(createProductRequestSchema.safeParse({ ...multipart, price: '99999999' })).price).toBe(
      P.priceTooHigh,
    );
    for (const stock of ['-1', '2.555', 'many', -1]) {
      expect(messagesOf(createProductRequestSchema.safeParse({ ...multipart, stock })).stock).toBe(P.stockInvalid);
    }
    // A fractional stock is a length's: pieces and packs are whole.
    expect(messagesOf(createProductRequestSchema.safeParse({ ...multipart, stock: '2.5' })).stock).toBe(
      SALE_TERMS_MESSAGES.stockOffUnit,
    );
  });

  it('refuse specifications that are not a list of names and values', () => {
    expect(
      messagesOf(createProductRequestSchema.safeParse({ ...multipart, specifications: 'not json' })).specifications,
    ).toBe(P.specificationsInvalid);
    expect(
      messagesOf(
        createProductRequestSchema.safeParse({ ...multipart, specifications: '[{"name":"Colour","value":""}]' }),
      )['specifications.0.value'],
    ).toBe(P.specificationValueRequired);
  });

  it('on update, keep the listed images in order, at most 8', () => {
    const kept = ['/images/a.webp', '/images/b.webp'];
    expect(
      updateProductRequestSchema.parse({ ...multipart, existingImages: JSON.stringify(kept) }).existingImages,
    ).toEqual(kept);
    expect(updateProductRequestSchema.parse(multipart).existingImages).toEqual([]);
    const nine = Array.from({ length: 9 }, (_, i) => `/images/${i}.webp`);
    expect(
      messagesOf(updateProductRequestSchema.safeParse({ ...multipart, existingImages: nine })).existingImages,
    ).toBe(P.tooManyImages);
  });
});
