import { DELIVERY_DAYS, dayRange } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PolicyPage } from '../components/policy-page';

const linkClass = 'font-medium text-wine-700 underline dark:text-wine-300';

export default function FaqPage() {
  return (
    <PolicyPage title="Frequently Asked Questions">
      <h2>Where do you deliver?</h2>
      <p>We deliver within Lagos, Monday to Saturday.</p>
      <h2>How much does delivery cost and how long does it take?</h2>
      <ul>
        <li>
          Standard delivery is free on orders over ₦20,000 and takes {dayRange(DELIVERY_DAYS.quoted)} business days.
        </li>
        <li>Regular delivery costs ₦1,000 and takes {dayRange(DELIVERY_DAYS.quoted)} business days.</li>
        <li>
          Express delivery costs ₦5,000 and takes {dayRange(DELIVERY_DAYS.express)} business days when you order before
          12 PM.
        </li>
        <li>Store pickup is free and your order is ready the next day.</li>
      </ul>
      <h2>Do you take wholesale or custom orders?</h2>
      <p>
        Yes. Tell us what you need through our{' '}
        <Link to={paths.contact.href()} className={linkClass}>
          contact page
        </Link>{' '}
        and we will reply with prices and timing.
      </p>
      <h2>How do I pay?</h2>
      <p>By card, in naira, through our secure payment provider. We never see or store your card details.</p>
      <h2>Can I return something?</h2>
      <p>
        Yes, within 7 days of delivery. See our{' '}
        <Link to={paths.refundPolicy.href()} className={linkClass}>
          Refund Policy
        </Link>
        .
      </p>
    </PolicyPage>
  );
}
