import { ORDER_MESSAGES } from '@shop/shared';
import { usePaymentConfig } from '../api/get-payment-config';

/**
 * 'Test payments' while the shop's offline test gateway takes the payments (no Paystack keys):
 * no money moves, and the customer should know. Shown by the checkout and order pages, which
 * are lazy chunks, so the home page's bundle does not carry it.
 */
export function TestPaymentsBanner() {
  const { data } = usePaymentConfig();
  if (!data?.testMode) return null;
  return (
    <p
      role="note"
      data-testid="test-payments-banner"
      className="mb-6 rounded-xl border border-gold-300 bg-gold-100 px-4 py-3 text-sm font-medium text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      {ORDER_MESSAGES.testPaymentsBanner}
    </p>
  );
}
