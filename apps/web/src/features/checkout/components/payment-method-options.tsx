import { ORDER_MESSAGES as M, type PaymentMethod } from '@shop/shared';

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
  { method: 'paypal', name: 'PayPal', description: M.paypalUnavailable },
];

/** Card (the default) and bank transfer; PayPal shown disabled with the reason. */
export function PaymentMethodOptions({
  value,
  onChange,
}: {
  value: OfferedPaymentMethod;
  onChange: (method: OfferedPaymentMethod) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-lg font-semibold">Payment method</legend>
      {OPTIONS.map(({ method, name, description }) => {
        const disabled = method === 'paypal';
        const descriptionId = `payment-${method}-description`;
        return (
          <label key={method} className={optionClasses}>
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              disabled={disabled}
              aria-describedby={descriptionId}
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
      })}
    </fieldset>
  );
}
