import { formatNaira, ORDER_MESSAGES as M } from '@shop/shared';

/**
 * After a pay-on-delivery order is placed: the shop calls to confirm, the rider is paid at the
 * door. `deadline` is the order's `expiresAt`: unconfirmed by then, the order is cancelled.
 */
export function PayOnDeliveryNextSteps({
  amount,
  deadline,
}: {
  amount: number;
  deadline?: { iso: string; text: string };
}) {
  return (
    <section aria-labelledby="pay-on-delivery-heading" className="space-y-3" data-testid="pay-on-delivery-next-steps">
      <h3 id="pay-on-delivery-heading" className="font-semibold">
        Pay on delivery
      </h3>
      <p className="text-sm text-stone-700 dark:text-stone-300">{M.podNextSteps(formatNaira(amount))}</p>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-stone-700 dark:text-stone-300">
        <li>We call you on the phone number you gave to confirm the order.</li>
        <li>Our rider brings it to your address in Lagos.</li>
        <li>You pay the rider {formatNaira(amount)}: cash, POS or transfer.</li>
      </ol>
      {deadline && <p className="text-sm text-stone-700 dark:text-stone-300">{M.podConfirmBy(deadline.text)}</p>}
    </section>
  );
}
