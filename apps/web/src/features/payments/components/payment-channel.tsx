import { isPaystackChannel, PAYSTACK_CHANNEL_NAMES } from '@shop/shared';

/** " · Bank transfer": how the provider took a payment, beside its event (the admin's payment events). */
export function PaymentChannel({ channel }: { channel?: string | null }) {
  if (!channel) return null;
  return (
    <span data-field="payment-channel">
      {' · '}
      {isPaystackChannel(channel) ? PAYSTACK_CHANNEL_NAMES[channel] : channel}
    </span>
  );
}
