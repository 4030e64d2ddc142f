import { formatPhoneForDisplay, telHref } from '@shop/shared';
import { useShopInfo } from '../../shop-info';
import { PolicyPage } from '../components/policy-page';

const linkClass = 'font-semibold text-wine-700 underline-offset-4 hover:underline dark:text-wine-300';

/** How to reach the shop about a return: the numbers of the day, from the shop's settings. */
function ReturnContact() {
  const shop = useShopInfo();
  if (!shop) return null;
  return (
    <p data-testid="refund-contact">
      Call{' '}
      <a href={telHref(shop.phone)} className={linkClass}>
        {formatPhoneForDisplay(shop.phone)}
      </a>{' '}
      or write to{' '}
      <a href={`mailto:${shop.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
        {shop.email}
      </a>
      .
    </p>
  );
}

export default function RefundPolicyPage() {
  return (
    <PolicyPage title="Refund Policy">
      <h2>Returns</h2>
      <p>
        You can return unused items within 7 days of delivery. Please contact us first so we can tell you where to send
        them. Return shipping is paid by the customer.
      </p>
      <ReturnContact />
      <h2>Damaged or wrong items</h2>
      <p>Report any damage or a wrong item within 48 hours of delivery, with a photo if you can.</p>
      <h2>Refunds</h2>
      <p>Once we receive and check the return, your refund is paid to your card within 5-7 business days.</p>
    </PolicyPage>
  );
}
