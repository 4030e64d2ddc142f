// Checking an admin's terms of sale (the product form, the API and the CSV import): the rules of
// units.ts that only the admin needs, kept apart so the storefront's first load does not carry them.

import { formatCount } from './number-format';
import { isLengthUnit, PACK_SIZE_MAX, PRICE_BREAKS_MAX, QUANTITY_SCALE, SALE_UNITS, type SaleTerms } from './units';

export const SALE_TERMS_MESSAGES = {
  unitInvalid: `Unit must be one of ${SALE_UNITS.join(', ')}`,
  stepInvalid: 'Step must be a quantity such as 0.5 or 0.25, more than 0',
  stepWhole: 'Pieces and packs are sold in whole numbers: the step must be 1',
  minInvalid: 'Minimum must be a quantity such as 1 or 0.5, more than 0',
  minOffStep: 'Minimum must be a multiple of the step',
  packSizeRequired: 'Pack size is required for a product sold by the pack',
  packSizeInvalid: `Pack size must be a whole number from 2 to ${formatCount(PACK_SIZE_MAX)}`,
  packItemTooLong: 'What a pack holds must be at most 30 characters',
  stockOffUnit: 'Stock of pieces and packs must be a whole number',
  stockInvalid: 'Stock must be a quantity of 0 or more with at most 2 decimals',
  tooManyBreaks: `At most ${PRICE_BREAKS_MAX} price breaks`,
  breaksInvalid: 'Price breaks must be a list of quantities and prices',
  breakQuantityInvalid:
    'A price break’s quantity must be a multiple of the step, above the minimum and above the break before it',
  breakPriceInvalid: 'A price break’s price must be below the price and below the break before it',
} as const;

/**
 * The problems of a product's terms, with the field each belongs to (the form shows them under
 * it): empty when the terms, price (kobo) and stock (hundredths) go together.
 */
export function saleTermsProblems(
  terms: SaleTerms,
  priceKobo: number,
  stockHundredths: number,
): { field: 'step' | 'minQuantity' | 'packSize' | 'stock' | 'priceBreaks'; message: string }[] {
  const M = SALE_TERMS_MESSAGES;
  const problems: { field: 'step' | 'minQuantity' | 'packSize' | 'stock' | 'priceBreaks'; message: string }[] = [];
  const whole = !isLengthUnit(terms.unit);
  if (terms.stepHundredths <= 0) problems.push({ field: 'step', message: M.stepInvalid });
  else if (whole && terms.stepHundredths !== QUANTITY_SCALE) problems.push({ field: 'step', message: M.stepWhole });
  if (terms.minHundredths <= 0) problems.push({ field: 'minQuantity', message: M.minInvalid });
  else if (terms.stepHundredths > 0 && terms.minHundredths % terms.stepHundredths !== 0) {
    problems.push({ field: 'minQuantity', message: M.minOffStep });
  }
  if (terms.unit === 'pack' && terms.packSize === null)
    problems.push({ field: 'packSize', message: M.packSizeRequired });
  if (
    terms.packSize !== null &&
    !(Number.isInteger(terms.packSize) && terms.packSize >= 2 && terms.packSize <= PACK_SIZE_MAX)
  ) {
    problems.push({ field: 'packSize', message: M.packSizeInvalid });
  }
  if (whole && stockHundredths % QUANTITY_SCALE !== 0) problems.push({ field: 'stock', message: M.stockOffUnit });
  if (terms.priceBreaks.length > PRICE_BREAKS_MAX) problems.push({ field: 'priceBreaks', message: M.tooManyBreaks });
  let previousMin = terms.minHundredths;
  let previousPrice = priceKobo;
  for (const line of terms.priceBreaks) {
    if (
      line.minHundredths <= previousMin ||
      (terms.stepHundredths > 0 && line.minHundredths % terms.stepHundredths !== 0)
    ) {
      problems.push({ field: 'priceBreaks', message: M.breakQuantityInvalid });
      break;
    }
    if (!(line.priceKobo >= 0 && line.priceKobo < previousPrice)) {
      problems.push({ field: 'priceBreaks', message: M.breakPriceInvalid });
      break;
    }
    previousMin = line.minHundredths;
    previousPrice = line.priceKobo;
  }
  return problems;
}
