import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

/** Runs the microtasks queued so far, and those they queue, a few levels deep. */
async function drainMicrotasks() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('yieldToMain', () => {
  it('settles in a later task, not with the microtasks of this one', async () => {
    vi.stubGlobal('scheduler', undefined);
    let settled = false;
    const yielded = yieldToMain().then(() => {
      settled = true;
    });
    await drainMicrotasks();
    expect(settled).toBe(false);
    await yielded;
    expect(settled).toBe(true);
  });

  it("uses the browser's scheduler.yield where there is one, called on the scheduler", async () => {
    const scheduler = {
      yield: vi.fn(function (this: unknown) {
        // Chromium's scheduler.yield throws 'Illegal invocation' when called without its object.
        if (this !== scheduler) throw new TypeError('Illegal invocation');
        return Promise.resolve();
      }),
    };
    vi.stubGlobal('scheduler', scheduler);
    await yieldToMain();
    expect(scheduler.yield).toHaveBeenCalledTimes(1);
  });
});
