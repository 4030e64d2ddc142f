import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { SimplePage } from '../../../components/ui/simple-page';
import { paths } from '../../../config/paths';

export default function OrderFailedPage() {
  return (
    <SimplePage title="Payment Failed">
      <p>Your payment did not go through and you have not been charged for this order.</p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.checkout.href()} className={buttonClasses('primary')}>
          Try Again
        </Link>
        <Link to={paths.contact.href()} className={buttonClasses('secondary')}>
          Contact Support
        </Link>
      </div>
    </SimplePage>
  );
}
