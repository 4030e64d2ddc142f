import { Link } from 'react-router';
import { SimplePage } from '../../../components/ui/simple-page';
import { paths } from '../../../config/paths';
import { STORE_HOURS } from '../../../config/shop';

export default function ContactPage() {
  return (
    <SimplePage title="Contact Us">
      <p>
        Questions about a product, wholesale or a custom order? Send us a message and we will get back to you soon. Many
        answers are already in our{' '}
        <Link to={paths.faq.href()} className="text-wine-700 underline dark:text-wine-300">
          FAQ
        </Link>
        .
      </p>
      <h2 className="text-xl font-semibold text-stone-900 dark:text-stone-100">Store hours</h2>
      <ul>
        {STORE_HOURS.map((row) => (
          <li key={row.days}>
            {row.days}: {row.hours}
          </li>
        ))}
      </ul>
    </SimplePage>
  );
}
