import { STOREFRONT_NAME } from '@shop/shared';
import { paths } from './paths';

export const SHOP_NAME = STOREFRONT_NAME;
export const SHOP_TAGLINE = 'Laces, trims, buttons and embellishments for tailors and designers';

// SPEC.md §9, kept in packages/shared (the confirmation email lists them too).
export { STORE_HOURS } from '@shop/shared';

/** Where the shop is and how to reach it (the Contact page). */
export const SHOP_CONTACT = {
  street: '18 Balogun Street',
  area: 'Lagos Island',
  city: 'Lagos',
  country: 'Nigeria',
  phone: '+234 801 234 5678',
  phoneHref: 'tel:+2348012345678',
  email: 'hello@stitchandtrim.ng',
  whatsappHref: 'https://wa.me/2348012345678',
} as const;

export const SHOP_ADDRESS = `${SHOP_CONTACT.street}, ${SHOP_CONTACT.area}, ${SHOP_CONTACT.city}, ${SHOP_CONTACT.country}`;

/** Opens the address in the visitor's own maps app (or maps site): a link, never an embedded map. */
export const SHOP_MAPS_HREF = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(SHOP_ADDRESS)}`;

export const LEGAL_LINKS = [
  { to: paths.faq.href(), label: 'FAQ' },
  { to: paths.termsOfService.href(), label: 'Terms of Service' },
  { to: paths.privacyPolicy.href(), label: 'Privacy Policy' },
  { to: paths.shippingPolicy.href(), label: 'Shipping Policy' },
  { to: paths.refundPolicy.href(), label: 'Refund Policy' },
] as const;
