import { describe, expect, it } from 'vitest';
import { koboToNaira, nairaToKobo, PRICE_NAIRA_MAX, parsePriceAmount } from './money';

describe('money', () => {
  it('turns naira with two decimals into whole kobo without floating-point drift', () => {
    expect(nairaToKobo(1499.5)).toBe(149_950);
    expect(nairaToKobo('20000')).toBe(2_000_000);
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo(1.15)).toBe(115);
  });

  it('refuses amounts with more than two decimals, negatives and text', () => {
    expect(nairaToKobo('1.234')).toBeNull();
    expect(nairaToKobo('-5')).toBeNull();
    expect(nairaToKobo('abc')).toBeNull();
  });

  it('turns kobo back into naira', () => {
    expect(koboToNaira(149_950)).toBe(1499.5);
  });

  it('reads a price filter by the API rule: naira with at most two decimals, no more than a price can be', () => {
    expect(parsePriceAmount('1500')).toBe(1500);
    expect(parsePriceAmount('2500.5')).toBe(2500.5);
    expect(parsePriceAmount('1499.50')).toBe(1499.5);
    for (const text of ['1.234', '-4', 'abc', '', ' 12', '1e3', '21474837'])
      expect(parsePriceAmount(text)).toBeUndefined();
    expect(parsePriceAmount(null)).toBeUndefined();
    expect(parsePriceAmount(String(PRICE_NAIRA_MAX))).toBe(PRICE_NAIRA_MAX);
  });
});
