import {
  DELIVERY_DURATION_LABELS,
  DELIVERY_FEE_KOBO,
  DELIVERY_METHODS,
  type DeliveryMethod,
  formatNaira,
  isDeliveryMethodAvailable,
  koboToNaira,
  ORDER_MESSAGES as M,
  shopAddressLine,
} from '@shop/shared';
import { DELIVERY_METHOD_NAMES } from '../../../lib/order-labels';
import { useShopInfo } from '../../shop-info';

const optionClasses =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-linen-200 bg-white p-4 has-[:checked]:border-wine-700 has-[:checked]:ring-2 has-[:checked]:ring-wine-700/30 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 dark:border-stone-700 dark:bg-stone-900 dark:has-[:checked]:border-wine-300';

/**
 * The four methods with fee and duration; Standard is disabled below ₦20,000, saying why; pickup
 * names the shop's address (from its settings) once it is known.
 */
export function DeliveryMethodOptions({
  value,
  subtotalKobo,
  onChange,
}: {
  value: DeliveryMethod;
  subtotalKobo: number;
  onChange: (method: DeliveryMethod) => void;
}) {
  const shop = useShopInfo();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-lg font-semibold">Delivery method</legend>
      {DELIVERY_METHODS.map((method) => {
        const available = isDeliveryMethodAvailable(method, subtotalKobo);
        const fee = koboToNaira(DELIVERY_FEE_KOBO[method]);
        const reasonId = `delivery-${method}-reason`;
        return (
          <label key={method} className={optionClasses}>
            <input
              type="radio"
              name="deliveryMethod"
              value={method}
              checked={value === method}
              disabled={!available}
              aria-describedby={available ? undefined : reasonId}
              onChange={() => onChange(method)}
              className="mt-1 size-4 accent-wine-700"
            />
            <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <span>
                <span className="font-medium">{DELIVERY_METHOD_NAMES[method]}</span>{' '}
                <span className="text-sm text-stone-600 dark:text-stone-300">({DELIVERY_DURATION_LABELS[method]})</span>
              </span>
              <span className="font-semibold tabular-nums">{fee === 0 ? 'Free' : formatNaira(fee)}</span>
              {method === 'PICKUP' && shop && (
                <span className="w-full text-sm text-stone-700 dark:text-stone-300" data-testid="pickup-address">
                  At {shopAddressLine(shop.address)}
                </span>
              )}
              {!available && (
                <span id={reasonId} className="w-full text-sm text-stone-700 dark:text-stone-300">
                  {M.standardNeedsSubtotal}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
