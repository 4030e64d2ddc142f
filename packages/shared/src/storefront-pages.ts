// The storefront's catalogue pages, once: which URL is which page, the ?page= rule, and the API
// answers each page arrives with (modules/storefront on the server, the router and the catalogue's
// queries in the web app). No zod here: home's first bundle imports it.
import { PAGE_SIZE_DEFAULT } from './constants';
import { pageDataKey } from './pages';

/** The catalogue pages the server draws with their data (docs/decisions/016, 017, 034). */
export type StorefrontPageName = 'home' | 'shop' | 'categories' | 'category' | 'subcategory' | 'product';

/** A named API answer a page embeds (the catalogue's named answers, and the shop's settings). */
export type StorefrontAnswerName =
  | 'settings'
  | 'featured'
  | 'hotBuys'
  | 'categories'
  | 'productList'
  | 'category'
  | 'productsOfCategory'
  | 'subcategory'
  | 'productsOfSubcategory'
  | 'product'
  | 'related';

/**
 * Which URL is which storefront page: its path, or for a page of one catalogue item (category,
 * subcategory, product) the path its id or slug segment follows.
 */
export const STOREFRONT_PAGE_PATHS: Readonly<Record<StorefrontPageName, string>> = {
  home: '/',
  shop: '/shop',
  categories: '/categories',
  category: '/categories',
  subcategory: '/subcategories',
  product: '/products',
};

/**
 * What a drawn catalogue page names at once besides the app itself: a lazy page's module (its
 * chunks), or home's hero poster. Home's own code is in the app's first chunk.
 */
export type StorefrontPageSource = Exclude<StorefrontPageName, 'home'> | 'heroPoster';

/**
 * Where in the web build the table of those sources' files is (beside Vite's manifest, written by
 * apps/web vite.config.ts from src/app/page-sources.ts), so the server finds a page's built files
 * by its name.
 */
export const STOREFRONT_PAGE_SOURCES_FILE = '.vite/storefront-pages.json';

const isItemPage = (name: StorefrontPageName) => name === 'category' || name === 'subcategory' || name === 'product';

/**
 * The answers each page arrives with (besides the settings every page carries), its own (the one
 * it cannot do without) first. Kept apart from the paths, which the web app's first bundle reads.
 */
export const STOREFRONT_PAGE_ANSWERS: Readonly<Record<StorefrontPageName, readonly StorefrontAnswerName[]>> = {
  home: ['featured', 'hotBuys'],
  shop: ['productList', 'categories'],
  categories: ['categories'],
  category: ['category', 'categories', 'productsOfCategory'],
  subcategory: ['subcategory', 'productsOfSubcategory'],
  product: ['product', 'related'],
};

/** The router's pattern of a page: `/categories/:categoryId` for an item's page. */
export function storefrontPagePattern(name: StorefrontPageName, param = 'idOrSlug'): string {
  const path = STOREFRONT_PAGE_PATHS[name];
  return isItemPage(name) ? `${path}/:${param}` : path;
}

/** The link to a page: `/products/french-lace`. */
export function storefrontPageHref(name: StorefrontPageName, idOrSlug?: string): string {
  const path = STOREFRONT_PAGE_PATHS[name];
  return isItemPage(name) ? `${path}/${encodeURIComponent(idOrSlug ?? '')}` : path;
}

/**
 * The page a path names, with its raw (still encoded) id or slug segment for an item's page, or
 * undefined for a path that is no catalogue page.
 */
export function matchStorefrontPage(pathname: string): { name: StorefrontPageName; segment?: string } | undefined {
  const names = Object.keys(STOREFRONT_PAGE_PATHS) as StorefrontPageName[];
  for (const name of names) {
    if (!isItemPage(name) && STOREFRONT_PAGE_PATHS[name] === pathname) return { name };
  }
  for (const name of names.filter(isItemPage)) {
    const prefix = `${STOREFRONT_PAGE_PATHS[name]}/`;
    if (!pathname.startsWith(prefix)) continue;
    const segment = pathname.slice(prefix.length);
    if (segment && !segment.includes('/')) return { name, segment };
  }
  return undefined;
}

/** The page number a `?page=` value asks for: a whole number from 1, else page 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const enc = encodeURIComponent;
const listed = (page: number) => ({ page, pageSize: PAGE_SIZE_DEFAULT });

/**
 * The page-data key (the API URL) of each answer a page embeds, as the web app's queries ask
 * for it: a listing's page is its `page` of PAGE_SIZE_DEFAULT products.
 */
export const storefrontAnswerUrl = {
  settings: () => '/api/settings',
  featured: () => '/api/products/featured',
  hotBuys: () => '/api/products/hot-buy',
  categories: () => '/api/categories',
  productList: (page: number) => pageDataKey('/api/products', listed(page)),
  category: (idOrSlug: string) => `/api/categories/${enc(idOrSlug)}`,
  productsOfCategory: (id: string, page: number) => pageDataKey(`/api/products/category/${enc(id)}`, listed(page)),
  subcategory: (idOrSlug: string) => `/api/subcategories/${enc(idOrSlug)}`,
  productsOfSubcategory: (id: string, page: number) =>
    pageDataKey(`/api/products/subcategory/${enc(id)}`, listed(page)),
  product: (idOrSlug: string) => `/api/products/${enc(idOrSlug)}`,
  related: (id: string) => `/api/products/${enc(id)}/related`,
} as const satisfies Record<StorefrontAnswerName, (...args: never[]) => string>;
