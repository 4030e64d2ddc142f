import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatNaira, formatNairaShort } from './number-format';

// The formats the shop wrote with Intl before (number-format.ts): they stay the oracle.
const intlNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const intlNairaWhole = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const intlCount = new Intl.NumberFormat('en-NG');
const intlNairaShort = (naira: number) =>
  Number.isInteger(naira) ? intlNairaWhole.format(naira) : intlNaira.format(naira);

/** Prices and totals as the shop has them: kobo, then sums and products of them, and anything else. */
const amounts = fc.oneof(
  fc.integer({ min: 0, max: 2_147_483_647 }).map((kobo) => kobo / 100),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1, max: 1 }),
  fc
    .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 1000 }))
    .map(([kobo, n]) => (kobo / 100) * n),
);

describe('number formats', () => {
  it('writes naira as the shop always has', () => {
    expect(formatNaira(1500)).toBe('₦1,500.00');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(21_474_836.47)).toBe('₦21,474,836.47');
    expect(formatNaira(-1500)).toBe('-₦1,500.00');
    expect(formatNairaShort(85_000)).toBe('₦85,000');
    expect(formatNairaShort(1499.5)).toBe('₦1,499.50');
    expect(formatNairaShort(999)).toBe('₦999');
  });

  it('rounds half away from zero on the shortest decimal form, as ICU does', () => {
    expect(formatNaira(1.005)).toBe('₦1.01');
    expect(formatNaira(9.995)).toBe('₦10.00');
    expect(formatNaira(999_999.999)).toBe('₦1,000,000.00');
    expect(formatNaira(0.004)).toBe('₦0.00');
    expect(formatNaira(-0.004)).toBe('-₦0.00');
    expect(formatCount(1234567.8915)).toBe('1,234,567.892');
    expect(formatCount(0.0005)).toBe('0.001');
    expect(formatCount(1.5e-7)).toBe('0');
  });

  it('writes counts with grouping and no forced decimals', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(24)).toBe('24');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatCount(-1500)).toBe('-1,500');
  });

  it('writes what is not a number as Intl does', () => {
    expect(formatNaira(Number.NaN)).toBe('₦NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatNaira(Number.NEGATIVE_INFINITY)).toBe('-₦∞');
    expect(formatCount(-0)).toBe(intlCount.format(-0));
  });

  it('agrees with Intl.NumberFormat en-NG on any amount', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatNaira(value)).toBe(intlNaira.format(value));
        expect(formatNairaShort(value)).toBe(intlNairaShort(value));
        expect(formatCount(value)).toBe(intlCount.format(value));
      }),
      { numRuns: 20_000 },
    );
  });
});
