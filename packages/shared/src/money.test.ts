import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaShort, koboToNaira, nairaToKobo } from './money';

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

  it('formats naira with en-NG grouping', () => {
    expect(formatNaira(1500)).toBe('₦1,500.00');
    expect(formatNairaShort(85_000)).toBe('₦85,000');
    expect(formatNairaShort(1499.5)).toBe('₦1,499.50');
  });
});
