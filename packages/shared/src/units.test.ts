import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nairaToKobo } from './money';
import { orderTotalsKobo, priceLineKobo } from './order-pricing';
import { saleTermsProblems } from './sale-terms';
import {
  formatPriceBreak,
  formatQuantity,
  formatUnitPrice,
  hundredthsToUnits,
  isPurchasable,
  LINE_MAX_UNITS,
  lineTotalKobo,
  parseQuantity,
  QUANTITY_MESSAGES,
  QUANTITY_SCALE,
  quantityMessage,
  quantityProblem,
  quantityRule,
  quantityText,
  SALE_UNITS,
  type SaleTerms,
  saleFieldsOf,
  saleTermsOf,
  snapQuantity,
  unitPriceKobo,
} from './units';

const lace: SaleTerms = {
  unit: 'yard',
  stepHundredths: 50,
  minHundredths: 100,
  packSize: null,
  packItemName: null,
  priceBreaks: [{ minHundredths: 1000, priceKobo: 105_000 }],
};
const buttons: SaleTerms = {
  unit: 'pack',
  stepHundredths: 100,
  minHundredths: 100,
  packSize: 12,
  packItemName: 'buttons',
  priceBreaks: [{ minHundredths: 500, priceKobo: 220_000 }],
};

/** Terms the admin form can save: a unit, a step of it, a minimum on the step, increasing breaks. */
const termsArbitrary: fc.Arbitrary<SaleTerms> = fc
  .record({
    unit: fc.constantFrom(...SALE_UNITS),
    lengthStep: fc.constantFrom(1, 5, 10, 25, 50, 100),
    minSteps: fc.integer({ min: 1, max: 4 }),
    packSize: fc.integer({ min: 2, max: 144 }),
    breaks: fc.array(
      fc.record({ extraSteps: fc.integer({ min: 1, max: 40 }), cut: fc.integer({ min: 1, max: 500 }) }),
      {
        maxLength: 3,
      },
    ),
    priceKobo: fc.integer({ min: 1_000, max: 2_000_000_000 }),
  })
  .map(({ unit, lengthStep, minSteps, packSize, breaks, priceKobo }) => {
    const step = unit === 'yard' || unit === 'metre' ? lengthStep : 100;
    let min = step * minSteps;
    let price = priceKobo;
    const priceBreaks = [];
    for (const line of breaks) {
      min += line.extraSteps * step;
      price = Math.max(0, price - line.cut);
      priceBreaks.push({ minHundredths: min, priceKobo: price });
    }
    return {
      unit,
      stepHundredths: step,
      minHundredths: step * minSteps,
      packSize: unit === 'pack' ? packSize : null,
      packItemName: unit === 'pack' ? 'buttons' : null,
      priceBreaks,
      basePriceKobo: priceKobo,
    } as SaleTerms & { basePriceKobo: number };
  });

describe('quantities', () => {
  it('read decimals of the unit exactly, through their text', () => {
    expect(parseQuantity(2.5)).toBe(250);
    expect(parseQuantity('0.25')).toBe(25);
    expect(parseQuantity(2.35)).toBe(235); // 2.35 × 100 is 235.00000000000003 in floating point
    expect(parseQuantity(0.29)).toBe(29);
    expect(parseQuantity('3')).toBe(300);
    for (const bad of ['2.555', '-1', '1e3', '', ' . ', 'abc', Number.NaN, Number.POSITIVE_INFINITY, -0.5, 1e21]) {
      expect(parseQuantity(bad as number | string)).toBeNull();
    }
  });

  it('write hundredths back as the same decimal (a round trip through the API and a CSV cell)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (hundredths) => {
        expect(parseQuantity(hundredthsToUnits(hundredths))).toBe(hundredths);
        expect(parseQuantity(quantityText(hundredths))).toBe(hundredths);
        // JSON carries the number as it prints.
        expect(parseQuantity(JSON.parse(JSON.stringify(hundredthsToUnits(hundredths))))).toBe(hundredths);
      }),
    );
    expect(quantityText(250)).toBe('2.5');
    expect(quantityText(205)).toBe('2.05');
    expect(quantityText(300)).toBe('3');
  });

  it('say them in the unit', () => {
    expect(formatQuantity(lace, 250)).toBe('2.5 yd');
    expect(formatQuantity({ ...lace, unit: 'metre' }, 1000)).toBe('10 m');
    expect(formatQuantity(buttons, 300)).toBe('3 packs (36 buttons)');
    expect(formatQuantity(buttons, 100)).toBe('1 pack (12 buttons)');
    expect(formatQuantity({ ...buttons, packItemName: null }, 200)).toBe('2 packs (24 pieces)');
    expect(formatQuantity({ unit: 'piece', packSize: null, packItemName: null }, 300)).toBe('3');
  });
});

describe('the quantity rule', () => {
  it('gives the smallest, largest and step of a line: the stock or the line maximum, down to the step', () => {
    expect(quantityRule(lace, 1275)).toEqual({ min: 100, max: 1250, step: 50, available: true });
    expect(quantityRule(lace, 1_000_000)).toMatchObject({ max: LINE_MAX_UNITS.yard * QUANTITY_SCALE });
    expect(quantityRule(buttons, 40_000).max).toBe(LINE_MAX_UNITS.pack * QUANTITY_SCALE);
    // Half a yard left under a 1-yard minimum: nothing can be bought.
    expect(isPurchasable(lace, 50)).toBe(false);
    expect(isPurchasable(lace, 100)).toBe(true);
  });

  it('refuses off the step, under the minimum, over the line maximum and over the stock, with a message each', () => {
    expect(quantityProblem(lace, 5000, 225)).toBe('step');
    expect(quantityMessage(lace, 5000, 225)).toBe('Choose a quantity in steps of 0.5 yd');
    expect(quantityProblem(lace, 5000, 50)).toBe('min');
    expect(quantityMessage(lace, 5000, 50)).toBe('The least you can buy is 1 yd');
    expect(quantityProblem(lace, 1_000_000, 20_050)).toBe('max');
    expect(quantityMessage(lace, 1_000_000, 20_050)).toBe('One order can take at most 200 yd of this');
    expect(quantityMessage(lace, 1250, 1300)).toBe(QUANTITY_MESSAGES.overStock(lace, 1250));
    expect(QUANTITY_MESSAGES.overStock(lace, 1250)).toBe('Only 12.5 yd left in stock');
    expect(quantityMessage(buttons, 900, 300)).toBeNull();
  });

  it('allows exactly the quantities on the step from the minimum to the maximum', () => {
    fc.assert(
      fc.property(
        termsArbitrary,
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (terms, stock, wanted) => {
          const rule = quantityRule(terms, stock);
          const allowed = quantityProblem(terms, stock, wanted) === null;
          const inRule = wanted % rule.step === 0 && wanted >= rule.min && wanted <= rule.max;
          expect(allowed).toBe(inRule);
          if (rule.available) {
            // What the control snaps to is always something the server accepts.
            expect(quantityProblem(terms, stock, snapQuantity(rule, wanted))).toBeNull();
            expect(quantityProblem(terms, stock, rule.min)).toBeNull();
            expect(quantityProblem(terms, stock, rule.max)).toBeNull();
          }
        },
      ),
    );
  });
});

describe('prices', () => {
  it('round a line once, half up, on integers', () => {
    expect(lineTotalKobo(123_457, 25)).toBe(30_864); // 30,864.25 kobo
    expect(lineTotalKobo(101, 50)).toBe(51); // 50.5 kobo: half up
    expect(lineTotalKobo(120_000, 250)).toBe(300_000);
    expect(lineTotalKobo(2_147_483_647, 20_000)).toBe(429_496_729_400);
  });

  it('take the best break a quantity reaches', () => {
    expect(unitPriceKobo(120_000, lace, 950)).toBe(120_000);
    expect(unitPriceKobo(120_000, lace, 1000)).toBe(105_000);
    expect(formatUnitPrice(lace, 1200)).toBe('₦1,200 / yard');
    expect(formatUnitPrice(buttons, 2500)).toBe('₦2,500 / pack of 12');
    expect(formatUnitPrice({ unit: 'piece', packSize: null }, 900)).toBe('₦900');
    expect(formatPriceBreak(lace, lace.priceBreaks[0] as never)).toBe('10 yards or more: ₦1,050 / yard');
    expect(formatPriceBreak(buttons, buttons.priceBreaks[0] as never)).toBe('5 packs or more: ₦2,200 / pack of 12');
  });

  it('price any allowed quantity exactly: whole kobo, never more than the list price, less past a break', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.integer({ min: 1, max: 400 }), (terms, steps) => {
        const base = (terms as SaleTerms & { basePriceKobo: number }).basePriceKobo;
        const hundredths = terms.minHundredths + (steps - 1) * terms.stepHundredths;
        const line = priceLineKobo(base, terms, hundredths);
        expect(Number.isSafeInteger(line.lineTotalKobo)).toBe(true);
        // Exact: the total is the rational price × quantity, off by at most half a kobo.
        const exactTimes100 = line.unitPriceKobo * hundredths;
        expect(Math.abs(line.lineTotalKobo * 100 - exactTimes100)).toBeLessThanOrEqual(50);
        expect(line.unitPriceKobo).toBeLessThanOrEqual(base);
        const reached = terms.priceBreaks.filter((b) => hundredths >= b.minHundredths);
        expect(line.unitPriceKobo).toBe(reached.length ? (reached.at(-1)?.priceKobo as number) : base);
        // Whole quantities never round.
        if (hundredths % 100 === 0) expect(line.lineTotalKobo).toBe(line.unitPriceKobo * (hundredths / 100));
        // A subtotal is the sum of its lines, rounded per line and never again.
        expect(orderTotalsKobo([line, line], 'PICKUP').subtotalKobo).toBe(2 * line.lineTotalKobo);
      }),
    );
  });

  it('carry a product’s terms through the API’s decimals and back unchanged', () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const { basePriceKobo: _, ...plain } = terms as SaleTerms & { basePriceKobo: number };
        const api = JSON.parse(JSON.stringify(saleFieldsOf(plain)));
        expect(saleTermsOf(api)).toEqual(plain);
        for (const line of api.priceBreaks) expect(nairaToKobo(line.price)).not.toBeNull();
      }),
    );
  });
});

describe('an admin’s terms', () => {
  it('accept what the form can save and name the field of each mistake', () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const { basePriceKobo, ...plain } = terms as SaleTerms & { basePriceKobo: number };
        expect(saleTermsProblems(plain, basePriceKobo, plain.minHundredths * 3)).toEqual([]);
      }),
    );
    const fields = (terms: SaleTerms, price = 120_000, stock = 1000) =>
      saleTermsProblems(terms, price, stock).map((problem) => problem.field);
    expect(fields({ ...lace, minHundredths: 75 })).toEqual(['minQuantity']);
    expect(fields({ ...buttons, stepHundredths: 50 }, 250_000)).toEqual(['step']);
    expect(fields({ ...buttons, packSize: null }, 250_000, 1000)).toEqual(['packSize']);
    expect(fields(buttons, 250_000, 1050)).toEqual(['stock']);
    expect(fields({ ...lace, priceBreaks: [{ minHundredths: 1000, priceKobo: 130_000 }] })).toEqual(['priceBreaks']);
    expect(fields({ ...lace, priceBreaks: [{ minHundredths: 1025, priceKobo: 100_000 }] })).toEqual(['priceBreaks']);
    expect(fields({ ...lace, priceBreaks: [{ minHundredths: 100, priceKobo: 100_000 }] })).toEqual(['priceBreaks']);
  });
});

describe('a CSV priceBreaks cell', () => {
  it('reads and writes quantity=price pairs exactly', async () => {
    const { parsePriceBreaksCell, priceBreaksCell } = await import('./catalog-admin');
    expect(parsePriceBreaksCell('10=1050 | 20 = 1000.50')).toEqual([
      { minQuantity: '10', price: '1050' },
      { minQuantity: '20', price: '1000.50' },
    ]);
    expect(parsePriceBreaksCell('')).toEqual([]);
    expect(parsePriceBreaksCell('10:1050')).toBeNull();
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const cell = priceBreaksCell(terms.priceBreaks);
        const back = (parsePriceBreaksCell(cell) ?? []).map((line) => ({
          minHundredths: parseQuantity(line.minQuantity),
          priceKobo: nairaToKobo(line.price),
        }));
        expect(back).toEqual(terms.priceBreaks);
      }),
    );
  });
});
