// Units of sale (docs/decisions/030-units-of-sale-and-price-breaks.md): a product is sold by the
// piece, by length (yard or metre) or by the pack. Quantities and stock are integers of hundredths
// of the unit of sale everywhere they are stored or computed (2.5 yd is 250), the way money is
// integer kobo; the API writes them as decimals of the unit (2.5), the way it writes naira. Every
// rule here is integer arithmetic: a price is rounded once, when kobo meets a fractional quantity.
//
// Kept free of zod, so the storefront's first bundle can show quantities and unit prices.

import { formatNairaShort, koboToNaira, nairaToKobo } from './money';
import { formatCount } from './number-format';

export const SALE_UNITS = ['piece', 'yard', 'metre', 'pack'] as const;
export type SaleUnit = (typeof SALE_UNITS)[number];

export function isSaleUnit(value: unknown): value is SaleUnit {
  return typeof value === 'string' && (SALE_UNITS as readonly string[]).includes(value);
}

/** Units sold by length: the only ones with a step below one and a typed quantity such as 2.5. */
export const isLengthUnit = (unit: SaleUnit): boolean => unit === 'yard' || unit === 'metre';

/** Hundredths of a unit per unit: the smallest step any quantity can take is 0.01. */
export const QUANTITY_SCALE = 100;

/** The most one line (one product in one order) may take, by unit of sale, in whole units. */
export const LINE_MAX_UNITS: Readonly<Record<SaleUnit, number>> = { piece: 99, pack: 99, yard: 200, metre: 200 };

/** A product's step and minimum when the admin gives none, in hundredths. */
export const DEFAULT_STEP_HUNDREDTHS: Readonly<Record<SaleUnit, number>> = {
  piece: 100,
  pack: 100,
  yard: 50,
  metre: 50,
};
export const DEFAULT_MIN_HUNDREDTHS: Readonly<Record<SaleUnit, number>> = {
  piece: 100,
  pack: 100,
  yard: 100,
  metre: 100,
};

/** At most this many price breaks per product; a pack holds 2 to PACK_SIZE_MAX items. */
export const PRICE_BREAKS_MAX = 5;
export const PACK_SIZE_MAX = 10_000;
/** Stock is at most this many units (int32 of hundredths, with room to add a returned order). */
export const STOCK_UNITS_MAX = 10_000_000;

/** UN/CEFACT common codes, for JSON-LD's unitCode (schema.org QuantitativeValue). */
export const UNIT_CODES: Readonly<Record<SaleUnit, string>> = { piece: 'H87', yard: 'YRD', metre: 'MTR', pack: 'PK' };

/** One price break, as the server stores and computes it: from this quantity on, this price per unit. */
export interface PriceBreakHundredths {
  minHundredths: number;
  priceKobo: number;
}

/** How a product is sold, in integers: what the quantity and price rules need. */
export interface SaleTerms {
  unit: SaleUnit;
  stepHundredths: number;
  minHundredths: number;
  /** Items in one pack (a `pack` product only), else null. */
  packSize: number | null;
  /** What a pack holds, plural ("buttons"); null says "pieces". */
  packItemName: string | null;
  /** Sorted by minHundredths, ascending; each price below the one before. */
  priceBreaks: readonly PriceBreakHundredths[];
}

/** The API's form of a price break (Product.priceBreaks): a quantity of the unit and naira. */
export interface PriceBreak {
  minQuantity: number;
  price: number;
}

/** The fields of Product and ProductCard (API.md) that say how it is sold, as the API writes them. */
export interface SaleFields {
  unit: SaleUnit;
  /** The quantity step, in the unit (0.5 yd); 1 for pieces and packs. */
  step: number;
  /** The smallest quantity one line may take, in the unit. */
  minQuantity: number;
  packSize: number | null;
  packItemName: string | null;
  priceBreaks: readonly PriceBreak[];
}

// ---------- Quantities: exact conversions ----------

const QUANTITY_PATTERN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * A quantity of the unit from the API, a form or a CSV cell to integer hundredths, through its
 * decimal text so no binary fraction creeps in: 2.5 → 250, "0.25" → 25, 3 → 300. Null for anything
 * that is not a non-negative number with at most two decimals (2.555, -1, "1e3", NaN).
 */
export function parseQuantity(value: number | string): number | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = QUANTITY_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * QUANTITY_SCALE + fraction;
}

/** Hundredths to the API's decimal of the unit: 250 → 2.5 (the nearest double prints as "2.5"). */
export function hundredthsToUnits(hundredths: number): number {
  return hundredths / QUANTITY_SCALE;
}

/** Hundredths as decimal text without trailing zeros, computed on integers: 250 → "2.5", 300 → "3". */
export function quantityText(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / QUANTITY_SCALE);
  const fraction = abs % QUANTITY_SCALE;
  if (fraction === 0) return `${sign}${whole}`;
  const digits = String(fraction).padStart(2, '0').replace(/0$/, '');
  return `${sign}${whole}.${digits}`;
}

/** The API's Product fields to the integer terms the rules use. */
export function saleTermsOf(product: SaleFields): SaleTerms {
  return {
    unit: product.unit,
    stepHundredths: parseQuantity(product.step) ?? DEFAULT_STEP_HUNDREDTHS[product.unit],
    minHundredths: parseQuantity(product.minQuantity) ?? DEFAULT_MIN_HUNDREDTHS[product.unit],
    packSize: product.packSize,
    packItemName: product.packItemName,
    priceBreaks: product.priceBreaks
      .map((line) => ({ minHundredths: parseQuantity(line.minQuantity) ?? 0, priceKobo: nairaToKobo(line.price) ?? 0 }))
      .sort((a, b) => a.minHundredths - b.minHundredths),
  };
}

/** The integer terms to the API's fields (the inverse of saleTermsOf). */
export function saleFieldsOf(terms: SaleTerms): SaleFields {
  return {
    unit: terms.unit,
    step: hundredthsToUnits(terms.stepHundredths),
    minQuantity: hundredthsToUnits(terms.minHundredths),
    packSize: terms.packSize,
    packItemName: terms.packItemName,
    priceBreaks: terms.priceBreaks.map((line) => ({
      minQuantity: hundredthsToUnits(line.minHundredths),
      price: koboToNaira(line.priceKobo),
    })),
  };
}

/** A product sold by the piece with no breaks: what every product was before units of sale. */
export const PIECE_TERMS: SaleTerms = Object.freeze({
  unit: 'piece',
  stepHundredths: 100,
  minHundredths: 100,
  packSize: null,
  packItemName: null,
  priceBreaks: Object.freeze([]) as readonly PriceBreakHundredths[],
}) as SaleTerms;

// ---------- The quantity rule: one for the product page, the cart, checkout and the server ----------

export interface QuantityRule {
  /** The smallest quantity of one line, in hundredths. */
  min: number;
  /** The largest: min(stock, the line maximum of the unit), down to the step. Below min: cannot be bought. */
  max: number;
  step: number;
  /** False when not even the minimum is in stock: the product shows as out of stock. */
  available: boolean;
}

/** For a product and its stock (hundredths), the smallest, largest and step of one line. */
export function quantityRule(terms: SaleTerms, stockHundredths: number): QuantityRule {
  const step = terms.stepHundredths;
  const cap = Math.min(Math.max(0, stockHundredths), LINE_MAX_UNITS[terms.unit] * QUANTITY_SCALE);
  const max = Math.floor(cap / step) * step;
  return { min: terms.minHundredths, max, step, available: max >= terms.minHundredths };
}

/** Can a product with this much stock be bought at all (at least its minimum)? */
export function isPurchasable(terms: SaleTerms, stockHundredths: number): boolean {
  return quantityRule(terms, stockHundredths).available;
}

export type QuantityProblem = 'step' | 'min' | 'max' | 'stock';

/**
 * Why a quantity (hundredths) is not one a line may take, or null when it is. `max` is the unit's
 * line maximum, `stock` what is left; the step is checked first, so "off the step" wins.
 */
export function quantityProblem(terms: SaleTerms, stockHundredths: number, hundredths: number): QuantityProblem | null {
  if (!Number.isInteger(hundredths) || hundredths % terms.stepHundredths !== 0) return 'step';
  if (hundredths < terms.minHundredths) return 'min';
  if (hundredths > LINE_MAX_UNITS[terms.unit] * QUANTITY_SCALE) return 'max';
  if (hundredths > Math.max(0, stockHundredths)) return 'stock';
  return null;
}

/** The nearest quantity the rule allows at or below `hundredths` (never below the minimum). */
export function snapQuantity(rule: QuantityRule, hundredths: number): number {
  const upper = Math.max(rule.min, rule.max);
  const clamped = Math.max(rule.min, Math.min(upper, Math.floor(hundredths)));
  const snapped = Math.floor(clamped / rule.step) * rule.step;
  return snapped < rule.min ? rule.min : snapped;
}

// ---------- Prices ----------

/** The price per unit a quantity pays: the break with the largest minimum it reaches, else the price. */
export function unitPriceKobo(priceKobo: number, terms: Pick<SaleTerms, 'priceBreaks'>, hundredths: number): number {
  let price = priceKobo;
  for (const line of terms.priceBreaks) if (hundredths >= line.minHundredths) price = Math.min(price, line.priceKobo);
  return price;
}

/**
 * Kobo per unit × a quantity in hundredths, rounded once, half up, on integers: ₦1,234.57 × 0.25
 * = 3,086.4250 kobo → 3,086. Whole quantities never round. Inputs stay far below 2^53 (a price
 * is an int32 of kobo, a line at most 200 units), so the product is exact.
 */
export function lineTotalKobo(unitPrice: number, hundredths: number): number {
  const product = unitPrice * hundredths;
  if (!Number.isSafeInteger(product)) throw new RangeError('line total out of range');
  return Math.floor((product + QUANTITY_SCALE / 2) / QUANTITY_SCALE);
}

/** The saving of a break against the plain price, per unit, in whole percent (rounded down). */
export function breakSavingPercent(priceKobo: number, breakPriceKobo: number): number {
  if (priceKobo <= 0 || breakPriceKobo >= priceKobo) return 0;
  return Math.floor(((priceKobo - breakPriceKobo) * 100) / priceKobo);
}

// ---------- Words ----------

const UNIT_WORDS: Readonly<Record<SaleUnit, { one: string; many: string; short: string }>> = {
  piece: { one: 'piece', many: 'pieces', short: '' },
  yard: { one: 'yard', many: 'yards', short: 'yd' },
  metre: { one: 'metre', many: 'metres', short: 'm' },
  pack: { one: 'pack', many: 'packs', short: '' },
};

/** The unit's name for a quantity: "yard" for 1, "yards" otherwise (2.5 yards, 0.5 yards). */
export function unitWord(unit: SaleUnit, hundredths: number): string {
  const words = UNIT_WORDS[unit];
  return hundredths === QUANTITY_SCALE ? words.one : words.many;
}

/** What a pack holds: "buttons", or "pieces" when the admin named nothing. */
export const packItems = (terms: Pick<SaleTerms, 'packItemName'>): string => terms.packItemName || 'pieces';

/**
 * A quantity as the shop writes it: "2.5 yd", "10 m", "3 packs (36 buttons)", "1 pack (12 buttons)",
 * and pieces as the bare number ("3"), the way the cart has always shown them.
 */
export function formatQuantity(
  terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName'>,
  hundredths: number,
): string {
  const amount = quantityText(hundredths);
  switch (terms.unit) {
    case 'yard':
    case 'metre':
      return `${amount} ${UNIT_WORDS[terms.unit].short}`;
    case 'pack': {
      const packs = `${amount} ${unitWord('pack', hundredths)}`;
      if (!terms.packSize || hundredths % QUANTITY_SCALE !== 0) return packs;
      const items = (hundredths / QUANTITY_SCALE) * terms.packSize;
      return `${packs} (${formatCount(items)} ${packItems(terms)})`;
    }
    default:
      return amount;
  }
}

/** The words after a price: " / yard", " / metre", " / pack of 12"; nothing for a piece. */
export function perUnitSuffix(terms: Pick<SaleTerms, 'unit' | 'packSize'>): string {
  switch (terms.unit) {
    case 'yard':
    case 'metre':
      return ` / ${UNIT_WORDS[terms.unit].one}`;
    case 'pack':
      return terms.packSize ? ` / pack of ${formatCount(terms.packSize)}` : ' / pack';
    default:
      return '';
  }
}

/** A price per unit as cards and pages show it: "₦1,200 / yard", "₦2,500 / pack of 12", "₦900". */
export function formatUnitPrice(terms: Pick<SaleTerms, 'unit' | 'packSize'>, priceNaira: number): string {
  return `${formatNairaShort(priceNaira)}${perUnitSuffix(terms)}`;
}

/** A price break's line: "10 yards or more: ₦1,050 / yard", "5 packs or more: ₦2,200 / pack of 12". */
export function formatPriceBreak(terms: Pick<SaleTerms, 'unit' | 'packSize'>, line: PriceBreakHundredths): string {
  const amount = quantityText(line.minHundredths);
  return `${amount} ${unitWord(terms.unit, line.minHundredths)} or more: ${formatUnitPrice(terms, koboToNaira(line.priceKobo))}`;
}

/** What a quantity control is called for this unit: "Quantity (yards)", "Quantity (packs)", "Quantity". */
export function quantityLabel(unit: SaleUnit): string {
  return unit === 'piece' ? 'Quantity' : `Quantity (${UNIT_WORDS[unit].many})`;
}

/** The stock as the shop says it: "12.5 yd", "40 packs", "7". */
export const formatStock = formatQuantity;

// ---------- Messages (the product page, the cart, checkout and the server's 400s) ----------

export const QUANTITY_MESSAGES = {
  invalid: 'Enter a quantity such as 2 or 2.5',
  offStep: (terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName' | 'stepHundredths'>) =>
    `Choose a quantity in steps of ${formatQuantity({ ...terms, packSize: null }, terms.stepHundredths)}`,
  underMin: (terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName' | 'minHundredths'>) =>
    `The least you can buy is ${formatQuantity(terms, terms.minHundredths)}`,
  overLineMax: (terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName'>) =>
    `One order can take at most ${formatQuantity(terms, LINE_MAX_UNITS[terms.unit] * QUANTITY_SCALE)} of this`,
  overStock: (terms: Pick<SaleTerms, 'unit' | 'packSize' | 'packItemName'>, stockHundredths: number) =>
    `Only ${formatQuantity(terms, Math.max(0, stockHundredths))} left in stock`,
} as const;

/** The message for a quantity the rule refuses, or null when it is allowed. */
export function quantityMessage(terms: SaleTerms, stockHundredths: number, hundredths: number): string | null {
  switch (quantityProblem(terms, stockHundredths, hundredths)) {
    case 'step':
      return QUANTITY_MESSAGES.offStep(terms);
    case 'min':
      return QUANTITY_MESSAGES.underMin(terms);
    case 'max':
      return QUANTITY_MESSAGES.overLineMax(terms);
    case 'stock':
      return QUANTITY_MESSAGES.overStock(terms, stockHundredths);
    default:
      return null;
  }
}
