import { describe, expect, it } from 'vitest';
import { DrawBudget } from './draw-budget';

describe('the draw budget', () => {
  it('allows so many draws a second, refused past that, and refills as time passes', () => {
    let now = 0;
    const budget = new DrawBudget(3, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now = 500; // half a second: one and a half draws back
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    now = 10_000; // a long pause refills to the budget, no further
    expect(Array.from({ length: 4 }, () => budget.take())).toEqual([true, true, true, false]);
  });
});
