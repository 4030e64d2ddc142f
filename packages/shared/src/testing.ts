// Test data for the shop's tests: typed by the shared API shapes, so a change to a shape breaks
// the fixtures at compile time, and a test names only the fields it cares about. Never imported
// by the shop's own code (package.json's "./testing" export, apart from the index).

import type { Product } from './catalog';
import { PIECE_TERMS, saleFieldsOf } from './units';

/** A product as the API sends it: a satin ribbon in stock, in Ribbons under Trims. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    name: 'Satin Ribbon, Wine',
    slug: 'satin-ribbon-wine',
    description: 'Double-faced satin ribbon, 25 mm wide.',
    price: 1500,
    stock: 40,
    images: ['/images/demo/satin-ribbon-wine-1-full.webp'],
    specifications: [{ name: 'Width', value: '25 mm' }],
    subcategoryId: 's1',
    subcategory: {
      id: 's1',
      name: 'Ribbons',
      slug: 'ribbons',
      categoryId: 'c1',
      category: { id: 'c1', name: 'Trims', slug: 'trims' },
    },
    isHotBuy: false,
    isNewlyAdded: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...saleFieldsOf(PIECE_TERMS),
    priceBreaks: [],
    ...overrides,
  };
}

/** A lace sold by the yard (steps of 0.5 from 1 yard), ₦1,050 a yard from 10 yards. */
export function aLaceByTheYard(overrides: Partial<Product> = {}): Product {
  return aProduct({
    id: 'p-lace',
    name: 'French Lace, Ivory',
    slug: 'french-lace-ivory',
    price: 1200,
    stock: 37.5,
    unit: 'yard',
    step: 0.5,
    minQuantity: 1,
    priceBreaks: [{ minQuantity: 10, price: 1050 }],
    ...overrides,
  });
}

/** Buttons sold by the pack of 12, ₦2,200 a pack from 5 packs. */
export function aPackOfButtons(overrides: Partial<Product> = {}): Product {
  return aProduct({
    id: 'p-buttons',
    name: 'Gold Shank Buttons',
    slug: 'gold-shank-buttons',
    price: 2500,
    stock: 40,
    unit: 'pack',
    packSize: 12,
    packItemName: 'buttons',
    priceBreaks: [{ minQuantity: 5, price: 2200 }],
    ...overrides,
  });
}
