import { ORDER_MESSAGES as M, type PaymentMethod, type PayOnDeliveryOffer } from '@shop/shared';
import { ResendVerification } from '../../auth';

export type OfferedPaymentMethod = Exclude<PaymentMethod, 'paypal'>;

const optionClasses =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-linen-200 bg-white p-4 has-[:checked]:border-wine-700 has-[:checked]:ring-2 has-[:checked]:ring-wine-700/30 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 dark:border-stone-700 dark:bg-stone-900 dark:has-[:checked]:border-wine-300';

const OPTIONS: { method: PaymentMethod; name: string; description: string }[] = [
  { method: 'card', name: 'Card', description: 'Pay securely in naira with Paystack.' },
  {
    method: 'bankTransfer',
    name: 'Bank transfer',
    description: 'We show our account details and confirm your order when the money arrives.',
  },
  { method: 'payOnDelivery', name: 'Pay on delivery', description: M.podDescription },
  { method: 'paypal', name: 'PayPal', description: M.paypalUnavailable },
];

/**
 * Card (the default) and bank transfer; pay on delivery when the shop offers it, disabled with
 * the reason when the rule says no for this address, total or customer (an unverified email
 * gets a button for a new verification link); PayPal shown disabled with the reason.
 */
export function PaymentMethodOptions({
  value,
  onChange,
  payOnDelivery,
}: {
  value: OfferedPaymentMethod;
  onChange: (method: OfferedPaymentMethod) => void;
  /** The rule's answer for the address and total being typed; undefined: the method is not shown. */
  payOnDelivery?: PayOnDeliveryOffer;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-lg font-semibold">Payment method</legend>
      {OPTIONS.map(({ method, name, description }) => {
        if (method === 'payOnDelivery' && !payOnDelivery) return null;
        const refused = method === 'payOnDelivery' && payOnDelivery?.offered === false ? payOnDelivery : null;
        const refusal = refused ? refused.message : null;
        const disabled = method === 'paypal' || refusal !== null;
        const descriptionId = `payment-${method}-description`;
        const reasonId = `payment-${method}-reason`;
        const option = (
          <label key={method} className={optionClasses}>
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              disabled={disabled}
              aria-describedby={refusal ? `${descriptionId} ${reasonId}` : descriptionId}
              onChange={() => {
                if (method !== 'paypal') onChange(method);
              }}
              className="mt-1 size-4 accent-wine-700"
            />
            <span>
              <span className="font-medium">{name}</span>
              <span id={descriptionId} className="block text-sm text-stone-700 dark:text-stone-300">
                {description}
              </span>
            </span>
          </label>
        );
        if (!refusal) return option;
        // The reason is outside the label: it describes the option without becoming its name.
        return (
          <div key={method} className="space-y-1">
            {option}
            <p
              id={reasonId}
              data-testid="pay-on-delivery-reason"
              aria-live="polite"
              className="ps-11 text-sm font-medium text-stone-800 dark:text-stone-200"
            >
              {refusal}
            </p>
            {/* The one refusal the customer can lift from here: a new verification link. */}
            {refused?.reason === 'unverified-email' && <ResendVerification className="ps-11" />}
          </div>
        );
      })}
    </fieldset>
  );
}
