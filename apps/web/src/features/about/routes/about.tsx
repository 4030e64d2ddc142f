import { STOREFRONT_NAME, shopAddressLine } from '@shop/shared';
import { Gem, Leaf, Scissors } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShopInfo } from '../../shop-info';

// The pictures are drawn by apps/web/scripts/draw-pictures.mjs (README, "Pictures").
const values = [
  {
    icon: Gem,
    title: 'Quality',
    text: 'Every lace, stone and button is one we would put on our own garments. We check stock before it ships and replace what falls short.',
  },
  {
    icon: Scissors,
    title: 'Craftsmanship',
    text: 'We are tailors first. We stock what a careful finish needs, and we can tell you which trim suits which fabric.',
  },
  {
    icon: Leaf,
    title: 'Sustainability',
    text: 'We sell trims by the yard so nothing is wasted, pack in paper, and bundle Lagos deliveries to save trips.',
  },
];

const team = [
  { name: 'Amaka Nwosu', role: 'Founder and head tailor', picture: 'team-amaka' },
  { name: 'Segun Alabi', role: 'Buying and suppliers', picture: 'team-segun' },
  { name: 'Zainab Musa', role: 'Customer care and custom orders', picture: 'team-zainab' },
  { name: 'Emeka Obi', role: 'Packing and Lagos delivery', picture: 'team-emeka' },
];

export default function AboutPage() {
  usePageTitle('About Us');
  const shop = useShopInfo();
  return (
    <PageContainer>
      <PageHeading>About Us</PageHeading>

      <section aria-labelledby="story-title" className="mt-8 grid items-center gap-8 lg:grid-cols-2">
        <div className="space-y-4 text-stone-700 dark:text-stone-300">
          <h2 id="story-title" className="text-2xl font-semibold text-stone-900 dark:text-stone-100">
            Our story
          </h2>
          <p>
            {shop?.name ?? STOREFRONT_NAME} began in 2016 as a single stall in Balogun Market, where our founder sold
            the laces and buttons she could never find for her own bridal work. Tailors came back for the same reason:
            the right trim, in the right quantity, without a day lost searching the market.
          </p>
          <p>
            Today we serve tailors, designers and retailers across Lagos from our shop and online, with laces, trims,
            buttons, ribbons, rhinestones and embellishments chosen by people who sew.
          </p>
          {shop && (
            <p>
              Visit us at <span className="font-semibold">{shopAddressLine(shop.address)}</span>.
            </p>
          )}
        </div>
        <img
          src="/pictures/about/workshop.webp"
          width={960}
          height={540}
          decoding="async"
          alt="Our workshop: spools of thread, a length of lace and a dressmaker's form on the cutting table."
          className="h-auto w-full rounded-2xl shadow-sm"
        />
      </section>

      <section aria-labelledby="values-title" className="mt-14">
        <h2 id="values-title" className="text-2xl font-semibold text-stone-900 dark:text-stone-100">
          What we stand for
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-stone-900">
              <Icon aria-hidden="true" className="size-8 text-wine-700 dark:text-gold-300" />
              <h3 className="mt-3 text-lg font-semibold text-stone-900 dark:text-stone-100">{title}</h3>
              <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team-title" className="mt-14">
        <h2 id="team-title" className="text-2xl font-semibold text-stone-900 dark:text-stone-100">
          Meet the team
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {team.map((member) => (
            <li key={member.name} className="text-center">
              <img
                src={`/pictures/about/${member.picture}.webp`}
                width={240}
                height={240}
                loading="lazy"
                decoding="async"
                alt={`Portrait of ${member.name}`}
                className="mx-auto size-32 rounded-full shadow-sm sm:size-40"
              />
              <h3 className="mt-3 font-semibold text-stone-900 dark:text-stone-100">{member.name}</h3>
              <p className="text-sm text-stone-700 dark:text-stone-300">{member.role}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-14 flex flex-wrap gap-3">
        <Link to={paths.shop.href()} className={buttonClasses('primary')}>
          Shop the collection
        </Link>
        <Link to={paths.contact.href()} className={buttonClasses('secondary')}>
          Contact us
        </Link>
      </div>
    </PageContainer>
  );
}
