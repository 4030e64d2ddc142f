import { describe, expect, it } from 'vitest';
import { DELIVERY_DAYS, DELIVERY_DURATION_LABELS, DELIVERY_ESTIMATES, dayRange } from './constants';

describe('the delivery texts built from DELIVERY_DAYS', () => {
  it("read as SPEC.md §9 writes them: checkout's labels and the order page's estimates", () => {
    expect(DELIVERY_DURATION_LABELS).toEqual({
      PICKUP: 'Ready for pickup',
      STANDARD: '1-7 days',
      REGULAR: '1-7 days',
      EXPRESS: '24-48 hours',
    });
    expect(DELIVERY_ESTIMATES).toEqual({
      PICKUP: 'Ready for pickup',
      STANDARD: '5-7 business days',
      REGULAR: '3-5 business days',
      EXPRESS: '1-2 business days',
    });
  });

  it('write the FAQ and shipping policy spans (1-7, 1-3, 1-2)', () => {
    expect([DELIVERY_DAYS.quoted, DELIVERY_DAYS.lagosStandard, DELIVERY_DAYS.express].map(dayRange)).toEqual([
      '1-7',
      '1-3',
      '1-2',
    ]);
  });
});
