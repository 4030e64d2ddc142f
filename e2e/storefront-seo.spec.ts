import { formatNaira } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { withoutPageData } from './fixtures/page-data';
import { wholeProducts } from './fixtures/products';

const shop = useBrowser();

type ApiProduct = { id: string; slug: string; name: string; images: string[]; price: number };

const isCatalogueCall = (url: string) => {
  const path = new URL(url).pathname;
  return path.startsWith('/api/products') || path.startsWith('/api/categories');
};

async function someProduct(): Promise<ApiProduct> {
  const [product] = await wholeProducts<ApiProduct>(shop.baseUrl, '/api/products?pageSize=1');
  if (!product) throw new Error('the demo catalogue has no products');
  return product;
}

describe('a product page opened from a shared link', () => {
  it('shows the product from the data in its HTML, with no catalogue API call before it', async () => {
    const product = await someProduct();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isCatalogueCall(request.url())) calls.push(request.url());
    });
    const response = await page.goto(`/products/${product.slug}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(calls).toEqual([]);
    // The related products came with it too, and the tab says the product's name.
    await page.getByRole('list', { name: 'Related products' }).waitFor();
    expect(calls).toEqual([]);
    expect(await page.title()).toBe(`${product.name} | Stitch & Trim Supplies`);
    // What a crawler reads is in the HTML as sent.
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      new URL(product.images[0] ?? '', shop.baseUrl).href,
    );
    expect(errors).toEqual([]);

    // The next page is fetched as usual: the embedded data was for the first one only.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Featured Collections' }).waitFor();
    await expect.poll(() => calls.some((url) => new URL(url).pathname === '/api/products/featured')).toBe(true);
    await context.close();
  });

  it('still shows the product when the HTML arrives without its data', async () => {
    const product = await someProduct();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
    const { stripped } = await withoutPageData(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isCatalogueCall(request.url())) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(stripped()).toBe(true);
    expect(calls).toContain(`/api/products/${product.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the app's not-found page, with a 404, for a product that does not exist", async () => {
    const { page, context } = await shop.newPage();
    const response = await page.goto('/products/no-such-lace-anywhere');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Product Not Found' }).waitFor();
    await context.close();
  });
});

type ApiCategory = { slug: string; name: string; subcategories: { slug: string; name: string }[] };

/** Marks the document's first <h1> as the parser made it, before any script has run. */
function rememberServerHeading() {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    (window as unknown as { serverHeading?: Element | null }).serverHeading = document.querySelector('h1');
  });
}

/** True when the <h1> on screen is the very element the server's markup made: hydrated, not drawn again. */
const keptServerHeading = () => {
  const heading = (window as unknown as { serverHeading?: Element | null }).serverHeading;
  return !!heading && heading.isConnected && heading === document.querySelector('h1');
};

describe('catalogue pages drawn on the server (decision 017)', () => {
  it('arrive with their markup: the HTML as sent shows the product, its price and picture', async () => {
    const product = await someProduct();
    const html = await (await fetch(`${shop.baseUrl}/products/${product.slug}`)).text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="page-data"'));
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1];
    expect(heading?.replace(/&amp;/g, '&')).toBe(product.name);
    expect(root).toContain(formatNaira(product.price));
    expect(root).toContain(`src="${product.images[0]}"`);
  });

  it('hand the page to the app without drawing it again, and its buttons work once it has', async () => {
    const product = await someProduct();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
    await page.addInitScript(rememberServerHeading);
    await page.goto(`/products/${product.slug}`);
    expect(await page.evaluate(keptServerHeading)).toBe(true);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("take over without a mismatch when this browser's dark mode and cart differ from what the server drew", async () => {
    const product = await someProduct();
    const { page, context, errors } = await shop.newPage();
    await page.addInitScript(
      (line) => {
        localStorage.setItem('darkMode', 'true');
        localStorage.setItem('cart', JSON.stringify([line]));
      },
      {
        productId: product.id,
        slug: product.slug,
        name: product.name,
        price: product.price,
        image: product.images[0],
        stock: 5,
        quantity: 2,
      },
    );
    await page.addInitScript(rememberServerHeading);
    await page.goto(`/products/${product.slug}`);
    expect(await page.evaluate(keptServerHeading)).toBe(true);
    await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home, the shop, a category and a subcategory are drawn too, and taken over with no catalogue call', async () => {
    const categories = ((await (await fetch(`${shop.baseUrl}/api/categories`)).json()) as { categories: ApiCategory[] })
      .categories;
    const category = categories.find((candidate) => candidate.subcategories.length > 0);
    const subcategory = category?.subcategories[0];
    if (!category || !subcategory) throw new Error('the demo catalogue has no subcategory');
    const pages = [
      { path: '/', heading: 'Finishing touches for every outfit you make' },
      { path: '/shop', heading: 'Shop' },
      { path: `/categories/${category.slug}`, heading: category.name },
      { path: `/subcategories/${subcategory.slug}`, heading: subcategory.name },
    ];
    for (const { path, heading } of pages) {
      const html = await (await fetch(`${shop.baseUrl}${path}`)).text();
      expect(/<div id="root">[\s\S]*<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&amp;/g, '&'), path).toBe(
        heading,
      );

      const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
      const calls: string[] = [];
      page.on('request', (request) => {
        if (isCatalogueCall(request.url())) calls.push(request.url());
      });
      await page.addInitScript(rememberServerHeading);
      await page.goto(path);
      expect(await page.evaluate(keptServerHeading), path).toBe(true);
      expect(calls, path).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});
