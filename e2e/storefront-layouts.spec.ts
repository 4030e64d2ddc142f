import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputDir, useBrowser } from './fixtures/browser';
import { wholeProducts } from './fixtures/products';

const shop = useBrowser();

type ApiProduct = { id: string; slug: string; name: string; price: number; stock: number; images: string[] };
type ApiCategory = { id: string; name: string; subcategories: { id: string; name: string }[] };

const screenshot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: path.join(outputDir, 'screenshots', `${name}-${width}.png`), fullPage: true });

const listFilled = (page: Page, name: string) =>
  page.getByRole('list', { name }).locator(':scope > li').first().waitFor();

/** Every storefront page, with what shows that its data has arrived. */
async function storefrontPages() {
  const { categories } = (await (await fetch(`${shop.baseUrl}/api/categories`)).json()) as {
    categories: ApiCategory[];
  };
  const products = await wholeProducts<ApiProduct>(shop.baseUrl, '/api/products?inStock=true&pageSize=50');
  const category = categories.find((c) => c.subcategories.length > 0);
  const subcategory = category?.subcategories[0];
  const product = products.find((p) => p.images.length >= 2) ?? products[0];
  if (!category || !subcategory || !product) throw new Error('the demo catalogue is missing a category or product');
  return {
    product,
    pages: [
      { name: 'home', url: '/', loaded: (page: Page) => listFilled(page, 'Featured products') },
      { name: 'shop', url: '/shop', loaded: (page: Page) => listFilled(page, 'Products') },
      {
        name: 'category',
        url: `/categories/${category.id}`,
        loaded: (page: Page) => listFilled(page, `${category.name} products`),
      },
      {
        name: 'subcategory',
        url: `/subcategories/${subcategory.id}`,
        loaded: (page: Page) => listFilled(page, `${subcategory.name} products`),
      },
      {
        name: 'product',
        url: `/products/${product.slug}`,
        loaded: (page: Page) => page.getByRole('list', { name: 'Product images' }).waitFor(),
      },
      { name: 'search', url: '/search?q=lace', loaded: (page: Page) => listFilled(page, 'Search results') },
      { name: 'login', url: '/login', loaded: (page: Page) => page.getByRole('button', { name: 'Login' }).waitFor() },
      {
        name: 'register',
        url: '/register',
        loaded: (page: Page) => page.getByRole('button', { name: 'Create Account' }).waitFor(),
      },
      {
        name: 'about',
        url: '/about',
        loaded: (page: Page) =>
          page
            .getByRole('img', { name: /^Portrait of / })
            .first()
            .waitFor(),
      },
      {
        name: 'contact',
        url: '/contact',
        loaded: (page: Page) => page.getByRole('button', { name: 'Send Message' }).waitFor(),
      },
    ],
  };
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the storefront on a phone, a tablet and a laptop', () => {
  for (const width of [375, 768, 1280]) {
    it(`lays out every page in ${width} px without sideways scrolling, with header and heading in view`, async () => {
      const { product, pages } = await storefrontPages();
      const { page, context, errors } = await shop.newPage({ width, height: 800 });
      // Screenshots of where things end up, not of a transition half-way.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const header = page.getByRole('banner');

      for (const { name, url, loaded } of pages) {
        await page.goto(url);
        await loaded(page);
        expect(await sidewaysScroll(page), `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        expect(await header.isVisible(), `${name} header at ${width} px`).toBe(true);
        expect(await page.getByRole('heading', { level: 1 }).isVisible(), `${name} heading at ${width} px`).toBe(true);
        await screenshot(page, name, width);
      }

      // One item in the cart (put there directly: an add's toast would cover the screenshots).
      await page.evaluate((p) => {
        const line = {
          productId: p.id,
          slug: p.slug,
          name: p.name,
          price: p.price,
          image: p.images[0],
          stock: p.stock,
        };
        localStorage.setItem('cart', JSON.stringify([{ ...line, quantity: 1 }]));
      }, product);
      await page.goto(`/products/${product.slug}`);
      await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Your Cart' });
      await drawer.getByTestId('cart-line').waitFor();
      expect(await sidewaysScroll(page), `cart drawer scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      expect(await drawer.getByRole('link', { name: 'Checkout' }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(outputDir, 'screenshots', `cart-drawer-${width}.png`) });
      await page.keyboard.press('Escape');

      if (width === 375) {
        await page.getByRole('button', { name: 'Menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await menu.getByRole('link', { name: 'Shop' }).waitFor();
        expect(await sidewaysScroll(page), 'mobile menu scrolls sideways').toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(outputDir, 'screenshots', `mobile-menu-${width}.png`) });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
