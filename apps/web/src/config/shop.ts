import { paths } from './paths';

export const SHOP_NAME = 'Stitch & Trim Supplies';
export const SHOP_TAGLINE = 'Laces, trims, buttons and embellishments for tailors and designers';

// SPEC.md §9
export const STORE_HOURS = [
  { days: 'Monday to Friday', hours: '8:00 – 18:00' },
  { days: 'Saturday', hours: '10:00 – 18:00' },
  { days: 'Sunday', hours: 'Online only' },
] as const;

export const LEGAL_LINKS = [
  { to: paths.faq.href(), label: 'FAQ' },
  { to: paths.termsOfService.href(), label: 'Terms of Service' },
  { to: paths.privacyPolicy.href(), label: 'Privacy Policy' },
  { to: paths.shippingPolicy.href(), label: 'Shipping Policy' },
  { to: paths.refundPolicy.href(), label: 'Refund Policy' },
] as const;
