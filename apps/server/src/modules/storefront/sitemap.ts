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
const iso = (value: unknown) => new Date(value as string | Date).toISOString();

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
 * SITEMAP_URLS_MAX products each. The rows are read through the catalogue cache, so a file is
 * built again only after the catalogue changes; its XML is kept beside the cache entry it came from.
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

  private catalogueBody(): Promise<Buffer> {
    const { database } = this.app;
    return this.app.catalog.cache.getOrCreate('sitemap-catalogue', async () => {
      // A listing changes when its products do: its lastmod is the latest of its own and theirs.
      const [categories, subcategories, [count]] = await Promise.all([
        database.query<{ slug: string; updatedAt: unknown }>(
          `SELECT c.slug, GREATEST(c.updated_at, MAX(p.updated_at)) AS "updatedAt"
             FROM categories c LEFT JOIN products p ON p.category_id = c.id
            GROUP BY c.id ORDER BY c.position, c.name`,
        ),
        database.query<{ slug: string; updatedAt: unknown }>(
          `SELECT s.slug, GREATEST(s.updated_at, MAX(p.updated_at)) AS "updatedAt"
             FROM subcategories s LEFT JOIN products p ON p.subcategory_id = s.id
            GROUP BY s.id ORDER BY s.position, s.name`,
        ),
        database.query<{ count: number | string }>('SELECT count(*) AS count FROM products'),
      ]);
      return {
        categories: categories.map((row) => ({ path: `/categories/${enc(row.slug)}`, lastmod: iso(row.updatedAt) })),
        subcategories: subcategories.map((row) => ({
          path: `/subcategories/${enc(row.slug)}`,
          lastmod: iso(row.updatedAt),
        })),
        productCount: Number(count?.count ?? 0),
      } satisfies CatalogueEntries;
    });
  }

  private async catalogueEntries(): Promise<CatalogueEntries> {
    const body = await this.catalogueBody();
    let entries = this.parsed.get(body);
    if (!entries) {
      entries = JSON.parse(body.toString('utf8')) as CatalogueEntries;
      this.parsed.set(body, entries);
    }
    return entries;
  }

  private readonly parsed = new WeakMap<Buffer, CatalogueEntries>();

  /** Products in id order, `limit` to a file: stable pages whatever is added. */
  private productsBody(file: number): Promise<Buffer> {
    return this.app.catalog.cache.getOrCreate(`sitemap-products ${file} ${this.limit}`, async () => {
      const rows = await this.app.database.query<{ slug: string; updatedAt: unknown }>(
        'SELECT slug, updated_at AS "updatedAt" FROM products ORDER BY id LIMIT $1 OFFSET $2',
        [this.limit, (file - 1) * this.limit],
      );
      return rows.map((row) => ({ path: `/products/${enc(row.slug)}`, lastmod: iso(row.updatedAt) }));
    });
  }
}

function parseEntries(body: Buffer): Entry[] {
  return JSON.parse(body.toString('utf8')) as Entry[];
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
