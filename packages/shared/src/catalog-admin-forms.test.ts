import { describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from './catalog-admin';
import { categoryFormSchema, productFormSchema, subcategoryFormSchema } from './catalog-admin-forms';
import { PRODUCT_MESSAGES } from './catalog-messages';
import { SALE_TERMS_MESSAGES } from './sale-terms';

const filled = {
  name: 'Gold Sequin Trim',
  description: 'Sequins on a 2 cm band.',
  price: '1499.50',
  stock: '12',
  categoryId: 'c1',
  subcategoryId: 's1',
  slug: '',
  specifications: [{ name: 'Width', value: '2 cm' }],
  isHotBuy: false,
  isNewlyAdded: true,
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the admin product form', () => {
  it('turns the typed text into what the API takes: naira and units as numbers, an empty slug as none', () => {
    const result = productFormSchema.parse(filled);
    expect(result).toMatchObject({ price: 1499.5, stock: 12, slug: undefined, subcategoryId: 's1' });
  });

  it('names every empty required field with SPEC’s message', () => {
    const result = productFormSchema.safeParse({
      ...filled,
      name: ' ',
      description: '',
      price: '',
      stock: '',
      categoryId: '',
      subcategoryId: '',
    });
    expect(messagesOf(result)).toEqual({
      name: PRODUCT_MESSAGES.nameRequired,
      description: PRODUCT_MESSAGES.descriptionRequired,
      price: PRODUCT_MESSAGES.priceRequired,
      stock: PRODUCT_MESSAGES.stockRequired,
      categoryId: PRODUCT_MESSAGES.categoryRequired,
      subcategoryId: PRODUCT_MESSAGES.subcategoryRequired,
    });
  });

  it('refuses three decimals, a fractional stock, a half-filled specification and a slug with spaces', () => {
    const result = productFormSchema.safeParse({
      ...filled,
      price: '12.345',
      stock: '1.5',
      slug: 'Gold Trim',
      specifications: [{ name: 'Width', value: '' }],
    });
    expect(messagesOf(result)).toEqual({
      price: PRODUCT_MESSAGES.priceInvalid,
      stock: SALE_TERMS_MESSAGES.stockOffUnit,
      slug: CATEGORY_MESSAGES.slugInvalid,
      'specifications.0.value': PRODUCT_MESSAGES.specificationValueRequired,
    });
  });
});

describe('the category and subcategory forms', () => {
  it('send no slug when the field is left empty, and need a name', () => {
    expect(categoryFormSchema.parse({ name: 'Threads', description: '', slug: ' ' })).toEqual({
      name: 'Threads',
      description: '',
      slug: undefined,
    });
    expect(messagesOf(categoryFormSchema.safeParse({ name: '', description: '', slug: '' }))).toEqual({
      name: CATEGORY_MESSAGES.nameRequired,
    });
    expect(
      messagesOf(subcategoryFormSchema.safeParse({ name: 'Cords', description: '', slug: '', categoryId: '' })),
    ).toEqual({ categoryId: CATEGORY_MESSAGES.categoryRequired });
  });
});
