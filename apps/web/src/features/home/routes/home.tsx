import { CATALOG_MESSAGES } from '@shop/shared';
import { Headphones, Sparkles, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { addToCartCardAction } from '../../cart';
import { ProductGrid, useFeaturedProducts } from '../../catalog';
import { SavedDataNotice } from '../../saved-catalogue';
import { HeroVideo } from '../components/hero-video';
import { HotBuys } from '../components/hot-buys-carousel';
import { NewsletterSignup } from '../components/newsletter-signup';
import { Testimonials } from '../components/testimonials';

const FEATURED_LIMIT = 8; // SPEC.md §9: View All appears above 8

const reasons = [
  {
    icon: Sparkles,
    title: 'Premium Quality',
    text: 'Laces, stones and trims chosen by people who sew, checked before they ship.',
  },
  {
    icon: Truck,
    title: 'Fast Shipping',
    text: 'Delivery across Lagos, with express same-day delivery on orders before 12 PM.',
  },
  {
    icon: Headphones,
    title: 'Expert Support',
    text: 'Not sure which trim suits the fabric? Ask us, we answer like tailors.',
  },
];

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="on-dark relative isolate overflow-hidden bg-gradient-to-br from-wine-950 via-wine-900 to-wine-700 pt-16 text-white"
    >
      <div className="relative mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <p className="text-sm font-semibold tracking-[0.25em] text-gold-300 uppercase">
          Trims · Laces · Buttons · Stones
        </p>
        <h1 id="hero-title" className="max-w-2xl text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl">
          Finishing touches for every outfit you make
        </h1>
        <p className="max-w-xl text-lg text-wine-50">
          Laces, ribbons, rhinestones and embellishments for tailors, designers and retailers, delivered within Lagos.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.shop.href()} className={buttonClasses('gold', 'px-7 py-3 text-base')}>
            Shop Now
          </Link>
          <Link
            to={paths.categories.href()}
            className="inline-flex items-center rounded-full border border-white/70 px-7 py-3 text-base font-semibold hover:bg-white/10"
          >
            Browse Categories
          </Link>
        </div>
      </div>
      {/* Last in the DOM so Tab reaches Pause after the links; drawn behind them. */}
      <HeroVideo />
    </section>
  );
}

function FeaturedCollections() {
  const featured = useFeaturedProducts();
  return (
    <section aria-labelledby="featured-title" className="render-when-near mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="featured-title" className="text-2xl font-semibold sm:text-3xl">
          Featured Collections
        </h2>
        {featured.data && featured.data.length > FEATURED_LIMIT && (
          <Link
            to={paths.shop.href()}
            className="shrink-0 font-semibold text-wine-700 underline-offset-4 hover:underline dark:text-wine-300"
          >
            View All Products
          </Link>
        )}
      </div>
      <QueryState
        query={featured}
        loadingLabel="Loading featured products…"
        failedMessage={CATALOG_MESSAGES.fetchProductsFailed}
        errorHint="Check if your backend server is running correctly."
        isEmpty={(products) => products.length === 0}
        emptyMessage="No featured products available at the moment."
      >
        {(products) => (
          <ProductGrid
            products={products.slice(0, FEATURED_LIMIT)}
            label="Featured products"
            cardAction={addToCartCardAction}
          />
        )}
      </QueryState>
    </section>
  );
}

function WhyChooseUs() {
  return (
    <section aria-labelledby="why-title" className="render-when-near bg-linen-100 dark:bg-stone-900">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="why-title" className="text-center text-2xl font-semibold sm:text-3xl">
          Why Choose Stitch &amp; Trim
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-linen-50 p-6 text-center shadow-sm dark:bg-stone-950">
              <Icon aria-hidden="true" className="mx-auto size-8 text-wine-700 dark:text-gold-300" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      <SavedDataNotice className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8" />
      <HotBuys />
      <FeaturedCollections />
      <WhyChooseUs />
      <Testimonials />
      <NewsletterSignup />
    </>
  );
}
