import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaShort } from './money';

describe('formatNaira', () => {
  it('shows naira with the en-NG thousands grouping and two decimals', () => {
    expect(formatNaira(1500)).toBe('₦1,500.00');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0.00');
  });
});

describe('formatNairaShort', () => {
  it('shows a card price with the en-NG grouping, and kobo only when the price has them', () => {
    expect(formatNairaShort(1500)).toBe('₦1,500');
    expect(formatNairaShort(1234567)).toBe('₦1,234,567');
    expect(formatNairaShort(1500.5)).toBe('₦1,500.50');
  });
});
