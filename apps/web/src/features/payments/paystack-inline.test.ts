// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadPaystack,
  openPaystack,
  PaymentScriptError,
  type PaystackPopGlobal,
  SCRIPT_RETRY_DELAY_MS,
} from './paystack-inline';

afterEach(() => {
  delete window.PaystackPop;
});

const session = { reference: 'TS-ABC', accessCode: 'ac_1', publicKey: 'pk_test_1', email: 'a@b.co', amount: 5000 };

describe('loading the payment script', () => {
  it('tries 3 times, 1 second apart, then fails', async () => {
    const inject = vi.fn(async () => {
      throw new PaymentScriptError('offline');
    });
    const wait = vi.fn(async () => {});
    await expect(loadPaystack('/test-gateway/inline.js', { inject, wait })).rejects.toBeInstanceOf(PaymentScriptError);
    expect(inject).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[SCRIPT_RETRY_DELAY_MS], [SCRIPT_RETRY_DELAY_MS]]);
  });

  it('succeeds on a later attempt, and starts over after a failure', async () => {
    const Pop = vi.fn() as unknown as PaystackPopGlobal;
    let calls = 0;
    const inject = vi.fn(async () => {
      calls++;
      if (calls < 2) throw new PaymentScriptError('flaky');
      window.PaystackPop = Pop;
    });
    expect(await loadPaystack('/x.js', { inject, wait: async () => {} })).toBe(Pop);
    expect(inject).toHaveBeenCalledTimes(2);
    // Loaded once: no new script tag on the next payment.
    expect(await loadPaystack('/x.js', { inject, wait: async () => {} })).toBe(Pop);
    expect(inject).toHaveBeenCalledTimes(2);
  });
});

describe('the payment modal', () => {
  it('resumes the server’s transaction and settles once on success', async () => {
    const resumeTransaction = vi.fn((_code: string, callbacks: { onSuccess(t: object): void; onCancel(): void }) => {
      callbacks.onSuccess({ reference: 'TS-ABC', trans: '123', status: 'success' });
      callbacks.onCancel();
    });
    const Pop = vi.fn(function PaystackPop(this: object) {
      Object.assign(this, { resumeTransaction });
    }) as unknown as PaystackPopGlobal;
    expect(await openPaystack(Pop, session)).toEqual({
      kind: 'success',
      transaction: { reference: 'TS-ABC', trans: '123', status: 'success' },
    });
    expect(resumeTransaction.mock.calls[0]?.[0]).toBe('ac_1');
  });

  it('reports a closed modal as cancelled', async () => {
    const Pop = vi.fn(function PaystackPop(this: object) {
      Object.assign(this, {
        resumeTransaction: (_code: string, callbacks: { onCancel(): void }) => callbacks.onCancel(),
      });
    }) as unknown as PaystackPopGlobal;
    expect(await openPaystack(Pop, session)).toEqual({ kind: 'cancelled' });
  });
});

describe('the channels the modal offers', () => {
  type V1Options = Parameters<NonNullable<PaystackPopGlobal['setup']>>[0];

  /** A v1-only PaystackPop (no resumeTransaction) that records what setup() was given, then closes. */
  function v1Pop() {
    const given: V1Options[] = [];
    const Pop = vi.fn(function PaystackPop(this: object) {}) as unknown as PaystackPopGlobal;
    Pop.setup = (options) => {
      given.push(options);
      return { openIframe: () => options.onClose() };
    };
    return { Pop, given };
  }

  it('passes the shop’s channels to the v1 inline call', async () => {
    const { Pop, given } = v1Pop();
    expect(await openPaystack(Pop, session, ['card', 'bank_transfer', 'ussd'])).toEqual({ kind: 'cancelled' });
    expect(given[0]).toMatchObject({
      key: 'pk_test_1',
      ref: 'TS-ABC',
      amount: 500_000,
      currency: 'NGN',
      channels: ['card', 'bank_transfer', 'ussd'],
    });
  });

  it('offers card alone when the shop names no channels (SPEC.md §7)', async () => {
    const { Pop, given } = v1Pop();
    await openPaystack(Pop, session);
    expect(given[0]?.channels).toEqual(['card']);
  });
});
