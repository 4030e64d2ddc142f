import { nairaToKobo, PAYSTACK_CHANNELS_DEFAULT, type PaymentStart, type PaystackChannel } from '@shop/shared';

// The provider's inline checkout (PAYSTACK.md): its script is fetched only when a customer
// pays, never in a page's bundle, from the address GET /api/payments/config names (Paystack's
// own, or the shop's test gateway).

/** What the modal hands back on success. Trust none of it: the server verifies the reference. */
export interface PaystackTransaction {
  reference?: string;
  status?: string;
  trans?: string;
  transaction?: string;
  id?: string | number;
  message?: string;
}

interface PaystackCallbacks {
  onSuccess(transaction: PaystackTransaction): void;
  onCancel(): void;
  onError(error: { message?: string }): void;
  onLoad?(): void;
}

interface PaystackV1Options {
  key: string;
  email: string;
  amount: number;
  currency: 'NGN';
  ref: string;
  channels: PaystackChannel[];
  callback(transaction: PaystackTransaction): void;
  onClose(): void;
}

export interface PaystackPopGlobal {
  new (): { resumeTransaction?(accessCode: string, callbacks: PaystackCallbacks): unknown };
  setup?(options: PaystackV1Options): { openIframe(): void };
}

declare global {
  interface Window {
    PaystackPop?: PaystackPopGlobal;
  }
}

/** SPEC.md §7: up to 3 attempts, 1 second apart. */
export const SCRIPT_ATTEMPTS = 3;
export const SCRIPT_RETRY_DELAY_MS = 1000;

export class PaymentScriptError extends Error {
  override name = 'PaymentScriptError';
}

function injectScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // A failed tag is removed, so the next attempt adds a fresh one.
      script.remove();
      reject(new PaymentScriptError(`Could not load ${url}`));
    };
    document.head.appendChild(script);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let loading: Promise<PaystackPopGlobal> | undefined;

/**
 * Loads the inline script once per page (3 attempts, 1 s apart) and resolves with `PaystackPop`.
 * A failure is forgotten, so a later Try Again starts over.
 */
export function loadPaystack(
  url: string,
  {
    inject = injectScript,
    wait = sleep,
  }: { inject?: (url: string) => Promise<void>; wait?: (ms: number) => Promise<unknown> } = {},
): Promise<PaystackPopGlobal> {
  if (window.PaystackPop) return Promise.resolve(window.PaystackPop);
  loading ??= (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await inject(url);
        if (window.PaystackPop) return window.PaystackPop;
        throw new PaymentScriptError('The payment script defined no PaystackPop');
      } catch (error) {
        if (attempt >= SCRIPT_ATTEMPTS) throw error instanceof PaymentScriptError ? error : new PaymentScriptError();
        await wait(SCRIPT_RETRY_DELAY_MS);
      }
    }
  })().finally(() => {
    loading = undefined;
  });
  return loading;
}

export type PopupOutcome =
  | { kind: 'success'; transaction: PaystackTransaction }
  | { kind: 'cancelled' }
  | { kind: 'error'; message?: string };

/**
 * Opens the modal for a transaction the server initialized (v2 `resumeTransaction`; the v1
 * `setup().openIframe()` form when only that exists) and resolves once it settles. `channels` are
 * the shop's (GET /api/payments/config): the server initialized the transaction with the same.
 */
export function openPaystack(
  Pop: PaystackPopGlobal,
  session: PaymentStart,
  channels: readonly PaystackChannel[] = PAYSTACK_CHANNELS_DEFAULT,
): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PopupOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const popup = new Pop();
    if (typeof popup.resumeTransaction === 'function') {
      popup.resumeTransaction(session.accessCode, {
        onSuccess: (transaction) => settle({ kind: 'success', transaction }),
        onCancel: () => settle({ kind: 'cancelled' }),
        onError: (error) => settle({ kind: 'error', message: error?.message }),
      });
      return;
    }
    if (!Pop.setup) {
      settle({ kind: 'error' });
      return;
    }
    Pop.setup({
      key: session.publicKey,
      email: session.email,
      amount: nairaToKobo(session.amount) ?? Math.round(session.amount * 100),
      currency: 'NGN',
      ref: session.reference,
      channels: [...channels],
      callback: (transaction) => settle({ kind: 'success', transaction }),
      onClose: () => settle({ kind: 'cancelled' }),
    }).openIframe();
  });
}

/** The provider's transaction id from the modal's answer; the reference when it sent none. */
export function transactionIdOf(transaction: PaystackTransaction, reference: string): string {
  const id = transaction.trans ?? transaction.transaction ?? transaction.id ?? transaction.reference ?? reference;
  return String(id);
}
