import { describe, expect, it } from 'vitest';
import { formatNaira } from './money';

describe('formatNaira', () => {
  it('shows naira with the en-NG thousands grouping and two decimals', () => {
    expect(formatNaira(1500)).toBe('₦1,500.00');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0.00');
  });
});
