import type { FastifyInstance } from 'fastify';
import { escapeXml } from './html';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_URLS_MAX = 50_000;

/**
 * The storefront's own pages every sitemap lists first. (`/categories` is left out: it opens
 * the first category, which is listed with the others.)
 */
const STATIC_PATHS = ['/', '/shop'];

interface Entry {
  path: string;
  lastmod?: string;
}

interface CatalogueEntries {
  categories: Entry[];
  subcategories: Entry[];
  productCount: number;
}

const enc = encodeURIComponent;
const iso = (value: string) => new Date(value).toISOString();

/**
 * /robots.txt: everything a visitor's own session shows (account, orders, checkout, admin) and the
 * sign-in forms are left out of search engines; the catalogue is theirs, with the sitemap's address.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /dashboard',
    'Disallow: /orders',
    'Disallow: /order/',
    'Disallow: /checkout',
    'Disallow: /products/*/edit',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /forgot-password',
    'Disallow: /reset-password',
    'Disallow: /verify-email',
    'Disallow: /search',
    'Disallow: /test-gateway',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The sitemap: home, /shop, every category, subcategory and product with its lastmod.
 * Up to SITEMAP_URLS_MAX URLs it is one urlset at /sitemap.xml; above, /sitemap.xml is an index
 * of /sitemap-catalogue.xml (the pages and categories) and /sitemap-products-<n>.xml files of
 * SITEMAP_URLS_MAX products each. The rows are the catalogue's named answers (its repository's
 * SQL, through its cache), so a file is built again only after the catalogue changes; its XML is kept beside the cache entry it came from.
 */
export class Sitemaps {
  private readonly xml = new WeakMap<Buffer, Map<string, Buffer>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly limit = SITEMAP_URLS_MAX,
  ) {}

  /** The XML of /sitemap.xml or /sitemap-<part>.xml, or undefined when no such file exists. */
  async file(name: string, origin: string): Promise<Buffer | undefined> {
    const catalogue = await this.catalogueEntries();
    const single =
      STATIC_PATHS.length + catalogue.categories.length + catalogue.subcategories.length + catalogue.productCount <=
      this.limit;
    const productFiles = Math.ceil(catalogue.productCount / this.limit);
    const part = /^sitemap-products-([1-9]\d{0,5})$/.exec(name);
    if (name === 'sitemap') {
      if (!single) {
        return this.memo(await this.catalogueBody(), `${origin} index`, () =>
          sitemapIndex([
            `${origin}/sitemap-catalogue.xml`,
            ...Array.from({ length: productFiles }, (_, i) => `${origin}/sitemap-products-${i + 1}.xml`),
          ]),
        );
      }
      const products = await this.productsBody(1);
      return this.memo(products, `${origin} all`, () =>
        urlset(origin, [...pagesAndCategories(catalogue), ...parseEntries(products)]),
      );
    }
    if (single) return undefined;
    if (name === 'sitemap-catalogue') {
      return this.memo(await this.catalogueBody(), `${origin} catalogue`, () =>
        urlset(origin, pagesAndCategories(catalogue)),
      );
    }
    const number = Number(part?.[1]);
    if (!part || number > productFiles) return undefined;
    const products = await this.productsBody(number);
    return this.memo(products, `${origin} products`, () => urlset(origin, parseEntries(products)));
  }

  private memo(source: Buffer, key: string, build: () => string): Buffer {
    let byKey = this.xml.get(source);
    if (!byKey) {
      byKey = new Map();
      this.xml.set(source, byKey);
    }
    let body = byKey.get(key);
    if (!body) {
      if (byKey.size >= 16) byKey.clear();
      body = Buffer.from(build());
      byKey.set(key, body);
    }
    return body;
  }

  private async catalogueBody(): Promise<Buffer> {
    return (await this.app.catalog.answers.sitemapListings()).body;
  }

  private async catalogueEntries(): Promise<CatalogueEntries> {
    const body = await this.catalogueBody();
    let entries = this.parsed.get(body);
    if (!entries) {
      const listings = JSON.parse(body.toString('utf8')) as {
        categories: Row[];
        subcategories: Row[];
        productCount: number;
      };
      entries = {
        categories: listings.categories.map((row) => entry('/categories', row)),
        subcategories: listings.subcategories.map((row) => entry('/subcategories', row)),
        productCount: listings.productCount,
      };
      this.parsed.set(body, entries);
    }
    return entries;
  }

  private readonly parsed = new WeakMap<Buffer, CatalogueEntries>();

  /** Products in id order, `limit` to a file: stable pages whatever is added. */
  private async productsBody(file: number): Promise<Buffer> {
    return (await this.app.catalog.answers.sitemapProducts(file, this.limit)).body;
  }
}

/** A row of the catalogue's sitemap answers (catalog.repository.ts). */
interface Row {
  slug: string;
  updatedAt: string;
}

const entry = (path: string, row: Row): Entry => ({ path: `${path}/${enc(row.slug)}`, lastmod: iso(row.updatedAt) });

function parseEntries(body: Buffer): Entry[] {
  return (JSON.parse(body.toString('utf8')) as Row[]).map((row) => entry('/products', row));
}

function pagesAndCategories(catalogue: CatalogueEntries): Entry[] {
  return [...STATIC_PATHS.map((path) => ({ path })), ...catalogue.categories, ...catalogue.subcategories];
}

function urlset(origin: string, entries: Entry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(locations: string[]): string {
  const items = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}
