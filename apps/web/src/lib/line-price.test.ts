import { describe, expect, it } from 'vitest';
import { formatLineTotal, priceCartLine } from './line-price';

describe('a line priced as the server prices it', () => {
  it('writes the total from integer kobo: 2.5 yards at ₦1,050.50 is ₦2,626.25', () => {
    const line = {
      unit: 'yard' as const,
      step: 0.5,
      minQuantity: 0.5,
      packSize: null,
      packItemName: null,
      priceBreaks: [],
      price: 1050.5,
      hundredths: 250,
    };
    expect(priceCartLine(line).lineTotalKobo).toBe(262_625);
    expect(formatLineTotal(priceCartLine(line))).toBe('₦2,626.25');
  });
});
