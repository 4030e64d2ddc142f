import type { Category, Product, SubcategoryWithCategory } from '@shop/shared';
import {
  hundredthsToUnits,
  LINE_MAX_UNITS,
  pageTitle,
  parseQuantity,
  QUANTITY_SCALE,
  quantityRule,
  STOREFRONT_NAME,
  saleTermsOf,
  UNIT_CODES,
} from '@shop/shared';
import { escapeHtml, jsonForScript } from './html';

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 155;

/** Whitespace made single spaces, and cut at a word near `max` characters with an ellipsis. */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** An absolute URL for a path or URL of the shop's, or undefined when it is not one. */
export function absoluteUrl(origin: string, pathOrUrl: string): string | undefined {
  try {
    return new URL(pathOrUrl, `${origin}/`).href;
  } catch {
    return undefined;
  }
}

export interface Crumb {
  name: string;
  url: string;
}

/** What a page says about itself in its head. */
export interface PageHead {
  /** The document's title ("French Lace | Stitch & Trim Supplies"). */
  title: string;
  /** What a shared link shows as its title ("French Lace"; og:site_name names the shop); else `title`. */
  shareTitle?: string;
  description: string;
  canonicalUrl: string;
  type: 'website' | 'product';
  imageUrl?: string;
  imageAlt?: string;
  /** Naira with two decimals ("1500.00"), for product pages. */
  price?: string;
  /** The image the page shows first, fetched while the scripts load. */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  /** The page's own script chunks (apps/web's lazy routes), fetched beside the main bundle. */
  scripts?: string[];
  jsonLd: unknown[];
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The head tags of a page, each text escaped. */
export function headTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:site_name', STOREFRONT_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.shareTitle ?? head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('property', 'og:locale', 'en_NG'),
  ];
  if (head.imageUrl) {
    tags.push(meta('property', 'og:image', head.imageUrl));
    if (head.imageAlt) tags.push(meta('property', 'og:image:alt', head.imageAlt));
  }
  if (head.price) {
    tags.push(meta('property', 'product:price:amount', head.price), meta('property', 'product:price:currency', 'NGN'));
  }
  tags.push(
    meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.shareTitle ?? head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.imageUrl) tags.push(meta('name', 'twitter:image', head.imageUrl));
  if (head.preloadImage) {
    const { href, srcset, sizes } = head.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${srcset && sizes ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : ''} fetchpriority="high" />`,
    );
  }
  for (const script of head.scripts ?? []) {
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(script)}" />`);
  }
  for (const data of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(JSON.stringify(data))}</script>`);
  }
  return tags.join('\n    ');
}

function breadcrumbList(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

const enc = encodeURIComponent;

export interface HomeText {
  title: string;
  description: string;
}

export function homeHead(origin: string, home: HomeText): PageHead {
  return {
    title: home.title,
    description: home.description,
    canonicalUrl: `${origin}/`,
    type: 'website',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: STOREFRONT_NAME,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/search?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

/** A listing page of its own (Shop, Categories): title, description, and page 2 onwards in its URL. */
export function listingHead(origin: string, path: string, name: string, description: string, page = 1): PageHead {
  const canonicalUrl = `${origin}${path}${page > 1 ? `?page=${page}` : ''}`;
  return {
    title: pageTitle(page > 1 ? `${name}, page ${page}` : name),
    shareTitle: name,
    description,
    canonicalUrl,
    type: 'website',
    jsonLd: [
      breadcrumbList([
        { name: 'Home', url: `${origin}/` },
        { name, url: `${origin}${path}` },
      ]),
    ],
  };
}

export function categoryHead(origin: string, category: Category, fallbackDescription: string, page = 1): PageHead {
  const url = `${origin}/categories/${enc(category.slug)}`;
  return {
    title: pageTitle(page > 1 ? `${category.name}, page ${page}` : category.name),
    shareTitle: category.name,
    description: shortDescription(category.description || `${category.name}: ${fallbackDescription}`),
    canonicalUrl: page > 1 ? `${url}?page=${page}` : url,
    type: 'website',
    jsonLd: [
      breadcrumbList([
        { name: 'Home', url: `${origin}/` },
        { name: category.name, url },
      ]),
    ],
  };
}

export function subcategoryHead(
  origin: string,
  subcategory: SubcategoryWithCategory,
  fallbackDescription: string,
  page = 1,
): PageHead {
  const url = `${origin}/subcategories/${enc(subcategory.slug)}`;
  return {
    title: pageTitle(page > 1 ? `${subcategory.name}, page ${page}` : subcategory.name),
    shareTitle: subcategory.name,
    description: shortDescription(subcategory.description || `${subcategory.name}: ${fallbackDescription}`),
    canonicalUrl: page > 1 ? `${url}?page=${page}` : url,
    type: 'website',
    jsonLd: [
      breadcrumbList([
        { name: 'Home', url: `${origin}/` },
        { name: subcategory.category.name, url: `${origin}/categories/${enc(subcategory.category.slug)}` },
        { name: subcategory.name, url },
      ]),
    ],
  };
}

/** Naira as schema.org and Open Graph want a price: two decimals, no grouping ("1500.00"). */
export function priceText(naira: number): string {
  return naira.toFixed(2);
}

export function productHead(
  origin: string,
  product: Product,
  imageSrcSet: (url: string) => string | undefined,
): PageHead {
  const url = `${origin}/products/${enc(product.slug)}`;
  const images = product.images.map((image) => absoluteUrl(origin, image)).filter((image) => image !== undefined);
  const description = shortDescription(product.description || product.name);
  const price = priceText(product.price);
  const { subcategory } = product;
  const crumbs: Crumb[] = [{ name: 'Home', url: `${origin}/` }];
  if (subcategory) {
    crumbs.push(
      { name: subcategory.category.name, url: `${origin}/categories/${enc(subcategory.category.slug)}` },
      { name: subcategory.name, url: `${origin}/subcategories/${enc(subcategory.slug)}` },
    );
  }
  crumbs.push({ name: product.name, url });
  const first = product.images[0];
  return {
    title: pageTitle(product.name),
    shareTitle: product.name,
    description,
    canonicalUrl: url,
    type: 'product',
    imageUrl: images[0],
    imageAlt: product.name,
    price,
    // The gallery's main image: the same URL, srcset and sizes, so the browser reuses this fetch.
    preloadImage: first
      ? { href: first, srcset: imageSrcSet(first), sizes: '(min-width: 768px) 50vw, 100vw' }
      : undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        image: images,
        sku: product.id,
        productID: product.id,
        ...(subcategory ? { category: `${subcategory.category.name} > ${subcategory.name}` } : {}),
        offers: {
          '@type': 'Offer',
          url,
          price,
          priceCurrency: 'NGN',
          ...unitOffer(product),
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: STOREFRONT_NAME },
        },
      },
      breadcrumbList(crumbs),
    ],
  };
}

/**
 * What the Offer says about the unit of sale (issue 24): in stock when at least one line's
 * minimum is (units.ts quantityRule), the quantities one line may take (`eligibleQuantity`, in
 * UN/CEFACT unit codes: YRD, MTR, PK, H87) and the price per unit, one UnitPriceSpecification
 * for the plain price and one per price break from its quantity on. A pack's reference quantity
 * is one pack (its size is in the product's words, "pack of 12").
 */
export function unitOffer(product: Product) {
  const terms = saleTermsOf(product);
  const unitCode = UNIT_CODES[terms.unit];
  const rule = quantityRule(terms, parseQuantity(product.stock) ?? 0);
  const perUnit = (price: number, minHundredths: number) => ({
    '@type': 'UnitPriceSpecification',
    price: priceText(price),
    priceCurrency: 'NGN',
    unitCode,
    referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode },
    eligibleQuantity: { '@type': 'QuantitativeValue', minValue: hundredthsToUnits(minHundredths), unitCode },
  });
  return {
    availability: rule.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    eligibleQuantity: {
      '@type': 'QuantitativeValue',
      minValue: hundredthsToUnits(terms.minHundredths),
      maxValue: LINE_MAX_UNITS[terms.unit],
      unitCode,
    },
    priceSpecification: [
      perUnit(product.price, terms.minHundredths),
      ...product.priceBreaks.map((line) => perUnit(line.price, parseQuantity(line.minQuantity) ?? QUANTITY_SCALE)),
    ],
  };
}

/** The head of a page that does not exist: a 404 that search engines must not index. */
export function notFoundHead(): string {
  return [`<title>${escapeHtml(pageTitle('Page Not Found'))}</title>`, '<meta name="robots" content="noindex" />'].join(
    '\n    ',
  );
}
