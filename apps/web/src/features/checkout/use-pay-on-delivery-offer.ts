import { type PayOnDeliveryOffer, payOnDeliveryOffer, podCapKobo } from '@shop/shared';
import { usePaymentConfig, usePayOnDeliveryEligibility } from '../payments';

/**
 * Checkout's live reading of the pay-on-delivery rule (packages/shared pay-on-delivery.ts) for the
 * address and total being typed and the customer's verified email: undefined while the shop's settings load or when the shop has
 * switched the method off (then it is not shown at all). The server decides again on placing.
 */
export function usePayOnDeliveryOffer(input: {
  /** The signed-in customer's address is verified (User.emailVerified). */
  emailVerified: boolean;
  country: string | undefined;
  state: string | undefined;
  totalKobo: number;
}): PayOnDeliveryOffer | undefined {
  const config = usePaymentConfig();
  const pod = config.data?.payOnDelivery;
  const eligibility = usePayOnDeliveryEligibility(Boolean(pod?.enabled));
  if (!pod?.enabled) return undefined;
  return payOnDeliveryOffer({
    country: input.country,
    state: input.state,
    totalKobo: input.totalKobo,
    capKobo: podCapKobo(pod.capNaira),
    emailVerified: input.emailVerified,
    hasOpenPodOrder: Boolean(eligibility.data?.openOrder),
  });
}
