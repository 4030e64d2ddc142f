import { paths } from './paths';

// The shop's name, phone, email, address and hours are its settings (the admin's Settings tab),
// read with useShopInfo (features/shop-info); what stays here is the storefront's own copy.

export const SHOP_TAGLINE = 'Laces, trims, buttons and embellishments for tailors and designers';

export const LEGAL_LINKS = [
  { to: paths.faq.href(), label: 'FAQ' },
  { to: paths.termsOfService.href(), label: 'Terms of Service' },
  { to: paths.privacyPolicy.href(), label: 'Privacy Policy' },
  { to: paths.shippingPolicy.href(), label: 'Shipping Policy' },
  { to: paths.refundPolicy.href(), label: 'Refund Policy' },
] as const;
