// What the server's HTML and the web app agree on for pages that arrive with their data
// (docs/decisions/016-pages-arrive-with-their-data.md). No zod here: home's first bundle imports it.

/** The storefront's name in page titles and in what a shared link shows. */
export const STOREFRONT_NAME = 'Stitch & Trim Supplies';

/** A page's `<title>`: "French Lace | Stitch & Trim Supplies", or the shop's name alone. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${STOREFRONT_NAME}` : STOREFRONT_NAME;
}

/** The id of the `<script type="application/json">` block that carries a page's first API answers. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

type PageDataParam = string | number | boolean | null | undefined;

/**
 * The key of an API answer in the page-data block: the path, then its query parameters sorted by
 * name (empty ones left out), so the server and the web app name the same request the same way
 * whatever order they build its parameters in.
 */
export function pageDataKey(path: string, params: Record<string, PageDataParam> = {}): string {
  const search = Object.entries(params)
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * Product photos are shown on the pages in two renditions, `…-full.webp` (1000 px) and
 * `…-thumb.webp` (400 px; the 1600 px `…-large.webp` is the picture viewer's alone): the srcset
 * that offers both, when the URL follows that naming. The gallery's main image uses it, and
 * the server's preload of that image must name the same set, or the browser fetches it twice.
 */
export function productImageSrcSet(fullUrl: string): string | undefined {
  if (!fullUrl.endsWith('-full.webp')) return undefined;
  return `${fullUrl.replace(/-full\.webp$/, '-thumb.webp')} 400w, ${fullUrl} 1000w`;
}
