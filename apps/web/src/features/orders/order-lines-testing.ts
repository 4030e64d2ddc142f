import type { OrderItem } from '@shop/shared';

// Order lines sold by the yard and the pack, for the order page, the admin's order page and the
// receipt tests (fixtures.ts has pieces only; it is not this feature's file).

/** The fields of a line sold by the piece with no price break. */
export const pieceLine = { image: null, unit: 'piece', packSize: null, packItemName: null, listPrice: null } as const;

/**
 * 2.5 yd of lace at ₦1,200, 12.5 yd of another past its 10-yard break (₦1,050, was ₦1,200) and
 * 3 packs of 12 buttons: the line totals as the server computes them (units.ts lineTotalKobo).
 */
export const unitLines: OrderItem[] = [
  {
    ...pieceLine,
    id: 'i-lace',
    productId: 'p-lace',
    name: 'French Lace, Ivory',
    unit: 'yard',
    price: 1200,
    quantity: 2.5,
    lineTotal: 3000,
  },
  {
    ...pieceLine,
    id: 'i-guipure',
    productId: 'p-guipure',
    name: 'Guipure Lace, Gold',
    unit: 'yard',
    price: 1050,
    listPrice: 1200,
    quantity: 12.5,
    lineTotal: 13_125,
  },
  {
    ...pieceLine,
    id: 'i-buttons',
    productId: 'p-buttons',
    name: 'Gold Shank Buttons',
    unit: 'pack',
    packSize: 12,
    packItemName: 'buttons',
    price: 2500,
    quantity: 3,
    lineTotal: 7500,
  },
];
