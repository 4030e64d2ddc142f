import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

type ApiCategory = { id: string; name: string; subcategories: { id: string; name: string }[] };
type ApiProduct = { id: string; slug: string; name: string; stock: number; image: string | null; unit: string };

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${shop.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Every product of the demo catalogue, for picking ones with a given stock. */
async function allProducts(): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page += 1) {
    const body = await api<{ products: ApiProduct[]; total: number }>(`/api/products?pageSize=100&page=${page}`);
    products.push(...body.products);
    if (body.products.length === 0 || products.length >= body.total) return products;
  }
}

describe('a visitor finding their way around', () => {
  it('follows every header link and every footer policy link, and each new page opens at the top', async () => {
    const { categories } = await api<{ categories: ApiCategory[] }>('/api/categories');
    const { page, context, errors } = await shop.newPage();
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    const expected: [string, (url: URL) => boolean][] = [
      ['Shop', (url) => url.pathname === '/shop'],
      // /categories jumps straight to the first category (SPEC.md §2).
      ['Categories', (url) => url.pathname === `/categories/${categories[0]?.id}`],
      ['About', (url) => url.pathname === '/about'],
      ['Contact', (url) => url.pathname === '/contact'],
      ['Login', (url) => url.pathname === '/login'],
      ['Home', (url) => url.pathname === '/'],
    ];
    for (const [label, matches] of expected) {
      await page.mouse.wheel(0, 600);
      await main.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(matches);
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: label }).toBe(0);
    }

    const policies: [string, string][] = [
      ['FAQ', '/faq'],
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy-policy'],
      ['Shipping Policy', '/shipping-policy'],
      ['Refund Policy', '/refund-policy'],
    ];
    for (const [label, path] of policies) {
      const footerLink = page.getByRole('navigation', { name: 'Help and policies' }).getByRole('link', { name: label });
      // From the bottom of the page, so that opening at the top is something the shop did.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: `before ${label}` }).toBeGreaterThan(0);
      await footerLink.click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: label }).toBe(0);
      // The shared policy layout marks where the visitor is in its side menu.
      const current = page.getByRole('navigation', { name: 'Policies' }).locator('[aria-current="page"]');
      await expect.poll(() => current.textContent()).toBe(label);
      expect(await page.locator('h1').count()).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches categories with the tab bar and goes back up with the breadcrumb', async () => {
    const { categories } = await api<{ categories: ApiCategory[] }>('/api/categories');
    const [first, second] = categories;
    if (!first || !second) throw new Error('the demo catalogue has six categories');
    const { page, context, errors } = await shop.newPage();
    await page.goto('/categories');
    await page.waitForURL((url) => url.pathname === `/categories/${first.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(first.name);

    const tabs = page.getByRole('navigation', { name: 'Categories' });
    expect(await tabs.getByRole('link').count()).toBe(categories.length);
    await tabs.getByRole('link', { name: second.name }).click();
    await page.waitForURL((url) => url.pathname === `/categories/${second.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(second.name);
    const secondProducts = await api<{ products: ApiProduct[] }>(`/api/products/category/${second.id}?pageSize=24`);
    const grid = page.getByRole('list', { name: `${second.name} products` }).locator(':scope > li');
    await expect.poll(() => grid.count()).toBe(secondProducts.products.length);

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await breadcrumb.textContent())?.replace(/\s+/g, '')).toBe(
      `Home/Categories/${second.name}`.replace(/\s+/g, ''),
    );
    expect(await breadcrumb.locator('[aria-current="page"]').textContent()).toBe(second.name);
    await breadcrumb.getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL((url) => url.pathname === `/categories/${first.id}`);
    await breadcrumb.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees a subcategory with its breadcrumb, only its own products, and a link back to its category', async () => {
    const { categories } = await api<{ categories: ApiCategory[] }>('/api/categories');
    const category = categories[2] ?? categories[0];
    const subcategory = category?.subcategories[0];
    if (!category || !subcategory) throw new Error('the demo catalogue has subcategories');
    const listing = await api<{ products: ApiProduct[]; total: number }>(
      `/api/products/subcategory/${subcategory.id}?pageSize=24`,
    );
    expect(listing.total).toBeGreaterThan(0);

    const { page, context, errors } = await shop.newPage();
    await page.goto(`/subcategories/${subcategory.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(subcategory.name);
    const grid = page.getByRole('list', { name: `${subcategory.name} products` }).locator(':scope > li');
    await expect.poll(() => grid.count()).toBe(listing.products.length);
    const names = await grid.locator('h2, h3').allTextContents();
    expect(names.sort()).toEqual(listing.products.map((p) => p.name).sort());

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: category.name }).getAttribute('href')).toBe(
      `/categories/${category.id}`,
    );
    await page.getByRole('link', { name: `Back to ${category.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/categories/${category.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(category.name);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a product by id as well as by slug, and is told how much stock there is', async () => {
    // Counted in pieces: a length or a pack says its unit ("37.5 yd left", units-of-sale.spec.ts).
    const products = (await allProducts()).filter((p) => p.unit === 'piece');
    const soldOut = products.find((p) => p.stock === 0);
    const low = products.find((p) => p.stock > 0 && p.stock <= 5);
    const plenty = products.find((p) => p.stock > 5);
    if (!soldOut || !low || !plenty) throw new Error('the demo catalogue has sold-out, low and plentiful stock');

    const { page, context, errors } = await shop.newPage();
    for (const address of [`/products/${plenty.id}`, `/products/${plenty.slug}`]) {
      await page.goto(address);
      await expect.poll(() => page.locator('h1').textContent(), { message: address }).toBe(plenty.name);
      expect(await page.locator('main').getByText('In stock', { exact: true }).count()).toBe(1);
    }

    await page.goto(`/products/${low.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(low.name);
    expect(await page.locator('main').getByText(`Only ${low.stock} left`, { exact: true }).count()).toBe(1);

    await page.goto(`/products/${soldOut.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(soldOut.name);
    expect(await page.locator('main').getByText('Out of stock', { exact: true }).count()).toBe(1);
    // Nothing to choose a quantity of, nothing to add (related products below keep their own buttons).
    const details = page.locator('h1').locator('..');
    expect(await details.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);
    expect(await details.getByRole('spinbutton').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lazy-loads card images with a thumb and a full rendition, and shows the placeholder for a broken one', async () => {
    // The shop's first page, as /shop asks for it.
    const listing = await api<{ products: ApiProduct[] }>('/api/products?pageSize=24');
    const broken = listing.products[0];
    // A card carries the first picture's thumb; its srcset names the full one beside it.
    if (!broken?.image) throw new Error('demo products have images');
    const brokenFile =
      broken.image
        .split('/')
        .pop()
        ?.replace(/-thumb\.webp$/, '') ?? '';

    const { page, context } = await shop.newPage();
    // The first product's image files are missing on the server.
    await context.route(
      (url) => url.pathname.includes(brokenFile),
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/shop');
    const card = page.locator('main li').filter({ hasText: broken.name }).first();
    const image = card.locator('img').first();
    await expect.poll(() => image.getAttribute('src')).toBe('/placeholder-product.svg');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // A card at the bottom of the page, well below the fold.
    const other = page
      .locator('main li')
      .filter({ hasText: listing.products.at(-1)?.name ?? '' })
      .first()
      .locator('img')
      .first();
    await other.scrollIntoViewIfNeeded();
    expect(await other.getAttribute('loading')).toBe('lazy');
    expect(await other.getAttribute('sizes')).toBeTruthy();
    const srcset = (await other.getAttribute('srcset')) ?? '';
    expect(srcset).toMatch(/-thumb\.webp 400w, .*-full\.webp 1000w$/);
    // Cards are far narrower than 400 px: the browser picks the thumb, not the 1000 px image.
    await expect.poll(() => other.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-thumb\.webp$/);
    await context.close();
  });
});
