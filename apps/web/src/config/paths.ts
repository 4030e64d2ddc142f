// Every route of SPEC.md §2 in one place: `path` is the router pattern, `href` builds a link.
// The catalogue's pages are packages/shared's page table (storefront-pages.ts), which the server
// draws from; written out here to keep the first visit's bundle small, held to it by paths.test.ts.
const route = (path: string) => ({ path, href: () => path });
const enc = encodeURIComponent;

export const paths = {
  home: route('/'),
  about: route('/about'),
  contact: route('/contact'),
  shop: route('/shop'),
  search: {
    path: '/search',
    href: (query?: string) => (query ? `/search?q=${enc(query)}` : '/search'),
  },

  login: route('/login'),
  register: route('/register'),
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password'),

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

  categories: route('/categories'),
  category: { path: '/categories/:categoryId', href: (categoryId: string) => `/categories/${enc(categoryId)}` },
  subcategory: {
    path: '/subcategories/:subcategoryId',
    href: (subcategoryId: string) => `/subcategories/${enc(subcategoryId)}`,
  },
  product: { path: '/products/:productId', href: (idOrSlug: string) => `/products/${enc(idOrSlug)}` },
  orderSuccess: route('/order/success'),
  orderFailed: route('/order/failed'),

  faq: route('/faq'),
  termsOfService: route('/terms-of-service'),
  privacyPolicy: route('/privacy-policy'),
  shippingPolicy: route('/shipping-policy'),
  refundPolicy: route('/refund-policy'),
} as const;
