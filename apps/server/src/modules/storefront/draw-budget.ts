/**
 * How many pages the server may draw (render with React) in a second. A drawn page is kept until
 * the catalogue changes, so a shop draws a page now and then; a burst of URLs never seen before
 * (a query string made up each time) would otherwise cost a render each, several milliseconds of
 * the event loop. Past the budget a page goes out undrawn, which the browser draws itself.
 */
export class DrawBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = perSecond;
    this.refilledAt = now();
  }

  /** True, and one draw spent, when a page may be drawn now. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
