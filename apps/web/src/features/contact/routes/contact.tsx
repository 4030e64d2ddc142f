import {
  formatPhoneForDisplay,
  SHOP_INFO_DEFAULTS,
  type ShopInfo,
  shopAddressLine,
  shopMapHref,
  telHref,
  whatsappHref,
} from '@shop/shared';
import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShopInfoQuery } from '../../shop-info';
import { ContactForm } from '../components/contact-form';

const linkClasses = 'font-semibold text-wine-700 underline-offset-4 hover:underline dark:text-wine-300';
const cardClasses = 'rounded-2xl bg-white p-6 shadow-sm dark:bg-stone-900';

const faqs = [
  {
    question: 'Do you sell wholesale or take custom orders?',
    answer: 'Yes. Send us a message below with what you need and the quantities, and we will reply with a quote.',
  },
  {
    question: 'Where do you deliver?',
    answer: 'We deliver within Lagos. Standard delivery is free on orders of ₦20,000 or more.',
  },
  {
    question: 'Can I collect my order from the shop?',
    answer: 'Yes. Choose store pickup at checkout; your order is ready the next day during store hours.',
  },
];

function ContactDetails({ shop, failed }: { shop: ShopInfo | undefined; failed: boolean }) {
  return (
    <section aria-labelledby="contact-details-title" className={cardClasses}>
      <h2 id="contact-details-title" className="text-xl font-semibold text-stone-900 dark:text-stone-100">
        Visit or reach us
      </h2>
      {shop ? (
        <ContactList shop={shop} />
      ) : failed ? (
        <p role="alert" className="mt-4 text-stone-700 dark:text-stone-300">
          The shop's details could not be loaded. Please try again in a moment, or send us a message with the form.
        </p>
      ) : (
        <Spinner label="Loading the shop's details" />
      )}
    </section>
  );
}

function ContactList({ shop }: { shop: ShopInfo }) {
  const chatHref = whatsappHref(shop.whatsapp);
  return (
    <>
      <ul className="mt-4 space-y-3 text-stone-700 dark:text-stone-300">
        <li className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700 dark:text-gold-300" />
          <address className="not-italic" data-testid="shop-address">
            {shopAddressLine(shop.address)}
          </address>
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700 dark:text-gold-300" />
          <a href={telHref(shop.phone)} className={linkClasses} data-testid="shop-phone">
            {formatPhoneForDisplay(shop.phone)}
          </a>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700 dark:text-gold-300" />
          <a href={`mailto:${shop.email}`} className={`${linkClasses} [overflow-wrap:anywhere]`}>
            {shop.email}
          </a>
        </li>
        {chatHref && (
          <li className="flex gap-3">
            <MessageCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700 dark:text-gold-300" />
            <a href={chatHref} className={linkClasses} target="_blank" rel="noopener noreferrer">
              Chat with us on WhatsApp
            </a>
          </li>
        )}
      </ul>
      <h3 className="mt-6 flex items-center gap-2 font-semibold text-stone-900 dark:text-stone-100">
        <Clock aria-hidden="true" className="size-5 text-wine-700 dark:text-gold-300" />
        Store hours
      </h3>
      <dl
        className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700 dark:text-stone-300"
        data-testid="shop-hours"
      >
        {shop.openingHours.map((row) => (
          <div key={`${row.days} ${row.hours}`} className="contents">
            <dt>{row.days}</dt>
            <dd className="font-medium">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The shipped map picture shows the first shop's street: only worth showing while the shop is there. */
const isPicturedAddress = (shop: ShopInfo) =>
  shop.address.street === SHOP_INFO_DEFAULTS.address.street && shop.address.city === SHOP_INFO_DEFAULTS.address.city;

function ShopMap({ shop }: { shop: ShopInfo | undefined }) {
  if (!shop) return null;
  return (
    <section aria-labelledby="contact-map-title" className={cardClasses}>
      <h2 id="contact-map-title" className="text-xl font-semibold text-stone-900 dark:text-stone-100">
        Find the shop
      </h2>
      {/* A picture shipped with the shop: it works offline and tells no map provider who looked. */}
      {isPicturedAddress(shop) && (
        <img
          src="/pictures/contact/map.webp"
          width={960}
          height={600}
          loading="lazy"
          decoding="async"
          alt={`Street map: ${shop.name} at ${shop.address.street}, between Martins Street and Nnamdi Azikiwe Street, near Tinubu Square and the Lagos Lagoon.`}
          className="mt-4 h-auto w-full rounded-xl border border-stone-200 dark:border-stone-700"
        />
      )}
      <a
        href={shopMapHref(shop)}
        target="_blank"
        rel="noopener noreferrer"
        className={`mt-4 inline-block ${linkClasses}`}
      >
        Open the address in your maps app
      </a>
    </section>
  );
}

function ContactFaq() {
  return (
    <section aria-labelledby="contact-faq-title" className="mt-12">
      <h2 id="contact-faq-title" className="text-2xl font-semibold text-stone-900 dark:text-stone-100">
        Frequently asked questions
      </h2>
      <div className="mt-4 space-y-3">
        {faqs.map((faq) => (
          <details key={faq.question} className="group rounded-xl bg-white p-4 shadow-sm dark:bg-stone-900">
            <summary className="cursor-pointer font-semibold text-stone-900 dark:text-stone-100">
              {faq.question}
            </summary>
            <p className="mt-2 text-stone-700 dark:text-stone-300">{faq.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-4 text-stone-700 dark:text-stone-300">
        More answers about orders, delivery and returns are in our{' '}
        <Link to={paths.faq.href()} className={linkClasses}>
          FAQ
        </Link>
        .
      </p>
    </section>
  );
}

export default function ContactPage() {
  usePageTitle('Contact Us');
  const shopInfo = useShopInfoQuery();
  const shop = shopInfo.data;
  return (
    <PageContainer>
      <PageHeading>Contact Us</PageHeading>
      <p className="mt-4 max-w-2xl text-stone-700 dark:text-stone-300">
        Questions about a product, wholesale or a custom order? Send us a message, call or come by the shop: we answer
        like tailors.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        <div className="space-y-8 lg:col-span-2">
          <ContactDetails shop={shop} failed={shopInfo.isError} />
          <ShopMap shop={shop} />
        </div>
        <div className={`${cardClasses} lg:col-span-3`}>
          <ContactForm />
        </div>
      </div>
      <ContactFaq />
    </PageContainer>
  );
}
