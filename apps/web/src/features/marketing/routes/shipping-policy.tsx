import { DELIVERY_DAYS, dayRange } from '@shop/shared';
import { PolicyPage } from '../components/policy-page';

export default function ShippingPolicyPage() {
  return (
    <PolicyPage title="Shipping Policy">
      <p>We deliver within Lagos, Monday to Saturday.</p>
      <h2>Delivery options</h2>
      <ul>
        <li>
          Standard: free in Lagos on orders of ₦20,000 or more, usually within {dayRange(DELIVERY_DAYS.lagosStandard)}{' '}
          business days.
        </li>
        <li>Regular: ₦1,000, within {dayRange(DELIVERY_DAYS.quoted)} business days.</li>
        <li>Express: ₦5,000, the same day when you order before 12 PM.</li>
        <li>Store pickup: free, ready the next day.</li>
      </ul>
      <h2>Tracking</h2>
      <p>You can follow the status of every order from your account's orders page.</p>
    </PolicyPage>
  );
}
