import { describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';

// Issue 26, item 1: the lists carry product cards (API.md's ProductCard), not whole products.

const shop = useBrowser();

type Card = { id: string; slug: string; name: string; stock: number; unit: string; image: string | null };

const PAGE_DATA = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/;

describe('a shop page built from product cards', () => {
  it('arrives with cards only, shows each card with its thumb, and adds a card to the cart with that picture', async () => {
    // What the drawn page embeds is the API's card answer: no description, specifications or gallery.
    const html = await (await fetch(`${shop.baseUrl}/shop`)).text();
    const embedded = JSON.parse(PAGE_DATA.exec(html)?.[1] ?? '{}') as Record<string, { products?: object[] }>;
    const lists = Object.entries(embedded).filter(([url]) => url.startsWith('/api/products'));
    expect(lists.length).toBeGreaterThan(0);
    for (const [url, answer] of lists) {
      expect(answer.products?.length, url).toBeGreaterThan(0);
      for (const product of answer.products ?? []) {
        expect(product, url).toHaveProperty('image');
        expect(product, url).not.toHaveProperty('description');
        expect(product, url).not.toHaveProperty('specifications');
        expect(product, url).not.toHaveProperty('images');
      }
    }

    const list = (await (await fetch(`${shop.baseUrl}/api/products?pageSize=24&inStock=true`)).json()) as {
      products: Card[];
    };
    const card = list.products.find((p) => p.unit === 'piece' && p.stock >= 5 && p.image);
    if (!card?.image) throw new Error('no piece in stock with a picture in the demo catalogue');

    const { page, context, errors } = await shop.newPage({ width: 375, height: 740 });
    await page.goto('/shop?inStock=true');
    const item = page.getByRole('list', { name: 'Products' }).locator(':scope > li').filter({ hasText: card.name });
    const image = item.locator('img').first();
    await image.scrollIntoViewIfNeeded();
    // The card's picture is the thumb, the full rendition beside it for wide screens, and it loads.
    expect(await image.getAttribute('src')).toBe(card.image);
    expect(await image.getAttribute('srcset')).toBe(
      `${card.image} 400w, ${card.image.replace(/-thumb\.webp$/, '-full.webp')} 1000w`,
    );
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await item.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
    expect(stored).toMatchObject([{ productId: card.id, slug: card.slug, name: card.name, image: card.image }]);

    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const line = page.getByTestId('cart-line').filter({ hasText: card.name });
    await line.waitFor();
    const lineImage = line.locator('img').first();
    await expect
      .poll(() => lineImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await seriousViolations(page, 'shop with the cart open at 375 px')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the whole product from a card: the product answer keeps its description and gallery', async () => {
    const list = (await (await fetch(`${shop.baseUrl}/api/products/featured`)).json()) as { products: Card[] };
    const card = list.products[0];
    if (!card) throw new Error('no featured product');
    const whole = (await (await fetch(`${shop.baseUrl}/api/products/${card.slug}`)).json()).product as {
      description: string;
      images: string[];
    };
    expect(whole.images.length).toBeGreaterThan(0);
    const { page, context, errors } = await shop.newPage();
    await page.goto('/');
    await page.locator(`main a[href="/products/${card.slug}"]`).first().click();
    await page.waitForURL(`**/products/${card.slug}`);
    await expect
      .poll(async () => (await page.locator('main').textContent())?.includes(whole.description.slice(0, 40)))
      .toBe(true);
    const count = whole.images.length;
    await page
      .getByRole('img', { name: count > 1 ? new RegExp(`, image 1 of ${count}$`) : card.name })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
