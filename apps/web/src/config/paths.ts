import { type StorefrontPageName, storefrontPageHref, storefrontPagePattern } from '@shop/shared';

// Every route of SPEC.md §2 in one place: `path` is the router pattern, `href` builds a link.
// The catalogue's pages come from packages/shared's page table (storefront-pages.ts), which the
// server draws from too.
const route = (path: string) => ({ path, href: () => path });
const enc = encodeURIComponent;
const storefrontPage = (name: StorefrontPageName) => route(storefrontPagePattern(name));
/** A page of one catalogue item: the router names its segment `param`. */
const storefrontItemPage = (name: StorefrontPageName, param: string) => ({
  path: storefrontPagePattern(name, param),
  href: (idOrSlug: string) => storefrontPageHref(name, idOrSlug),
});

export const paths = {
  home: storefrontPage('home'),
  about: route('/about'),
  contact: route('/contact'),
  shop: storefrontPage('shop'),
  search: {
    path: '/search',
    href: (query?: string) => (query ? `/search?q=${enc(query)}` : '/search'),
  },

  login: route('/login'),
  register: route('/register'),
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password'),
  /** The emailed verification link: /verify-email#token=… (the token in the fragment). */
  verifyEmail: route('/verify-email'),

  profile: route('/profile'),
  dashboard: route('/dashboard'),
  // The admin area: every tab is its own URL so reload and back work; /admin is the dashboard.
  admin: route('/admin'),
  adminUsers: route('/admin/users'),
  adminOrders: route('/admin/orders'),
  adminOrder: { path: '/admin/orders/:orderId', href: (orderId: string) => `/admin/orders/${enc(orderId)}` },
  adminOrderReceipt: {
    path: '/admin/orders/:orderId/receipt',
    href: (orderId: string) => `/admin/orders/${enc(orderId)}/receipt`,
  },
  adminProducts: route('/admin/products'),
  adminNewProduct: route('/admin/products/new'),
  adminCategories: route('/admin/categories'),
  adminNewsletter: route('/admin/newsletter'),
  adminSettings: route('/admin/settings'),
  orders: route('/orders'),
  order: { path: '/orders/:orderId', href: (orderId: string) => `/orders/${enc(orderId)}` },
  orderReceipt: { path: '/orders/:orderId/receipt', href: (orderId: string) => `/orders/${enc(orderId)}/receipt` },
  editProduct: {
    path: '/products/:productId/edit',
    href: (productId: string) => `/products/${enc(productId)}/edit`,
  },
  checkout: route('/checkout'),
  checkoutSuccess: route('/checkout/success'),

  categories: storefrontPage('categories'),
  category: storefrontItemPage('category', 'categoryId'),
  subcategory: storefrontItemPage('subcategory', 'subcategoryId'),
  product: storefrontItemPage('product', 'productId'),
  orderSuccess: route('/order/success'),
  orderFailed: route('/order/failed'),

  faq: route('/faq'),
  termsOfService: route('/terms-of-service'),
  privacyPolicy: route('/privacy-policy'),
  shippingPolicy: route('/shipping-policy'),
  refundPolicy: route('/refund-policy'),
} as const;
