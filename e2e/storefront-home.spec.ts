import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputDir, useBrowser } from './fixtures/browser';
import { withoutPageData } from './fixtures/page-data';

const shop = useBrowser();

const api = async (url: string) => (await fetch(`${shop.baseUrl}${url}`)).json();

describe('a visitor on the home page', () => {
  it('browses the Hot Buys carousel with its Next and Previous buttons', async () => {
    const { page, context, errors } = await shop.newPage();
    const { products } = await api('/api/products/hot-buy');
    expect(products.length).toBeGreaterThan(4);
    // The page the server draws holds a wide screen's first four; the rest join once the app runs.
    const html = await (await fetch(`${shop.baseUrl}/`)).text();
    const drawnList = html.slice(html.indexOf('aria-label="Hot buy products"')).split('</ul>')[0] ?? '';
    expect(drawnList.match(/<li /g)?.length).toBe(4);
    await page.goto('/');
    const slides = page.getByRole('list', { name: 'Hot buy products' }).locator(':scope > li');
    await slides.first().waitFor();
    await expect.poll(() => slides.count()).toBe(products.length);
    expect(await slides.first().getByRole('link').textContent()).toBe(products[0].name);
    const previous = page.getByRole('button', { name: 'Previous hot buys' });
    const next = page.getByRole('button', { name: 'Next hot buys' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(true);
    const before = (await slides.first().boundingBox())?.x ?? 0;
    await next.click();
    await expect.poll(async () => (await slides.first().boundingBox())?.x ?? 0).toBeLessThan(before - 100);
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(outputDir, 'home-hot-buys-1280.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees 8 featured products with View All Products, and the three reasons to choose the shop', async () => {
    const { page, context } = await shop.newPage();
    const { products } = await api('/api/products/featured');
    expect(products.length).toBeGreaterThan(8);
    await page.goto('/');
    const featured = page.getByRole('list', { name: 'Featured products' }).locator(':scope > li');
    await featured.first().waitFor();
    expect(await featured.count()).toBe(8);
    expect(await page.getByRole('link', { name: 'View All Products' }).getAttribute('href')).toBe('/shop');
    for (const reason of ['Premium Quality', 'Fast Shipping', 'Expert Support']) {
      await page.getByRole('heading', { name: reason }).waitFor();
    }
    await context.close();
  });

  it('sees each list fail on its own with the hint about the backend', async () => {
    const { page, context } = await shop.newPage();
    await withoutPageData(page);
    await page.route('**/api/products/hot-buy*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Failed to fetch products' }),
      }),
    );
    await page.goto('/');
    const hotBuys = page.getByTestId('hot-buys');
    await hotBuys.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await hotBuys.getByRole('alert').textContent()).toBe(
      'Failed to fetch productsCheck if your backend server is running correctly.',
    );
    // The featured list does not depend on the hot buys.
    expect(await page.getByRole('list', { name: 'Featured products' }).locator(':scope > li').count()).toBe(8);
    await context.close();
  });

  it('is told when there are no hot buys or featured products', async () => {
    const { page, context } = await shop.newPage();
    const empty = { status: 200, contentType: 'application/json', body: JSON.stringify({ products: [] }) };
    await withoutPageData(page);
    await page.route('**/api/products/hot-buy*', (route) => route.fulfill(empty));
    await page.route('**/api/products/featured*', (route) => route.fulfill(empty));
    await page.goto('/');
    await page.getByText('No hot buy products available at the moment.').waitFor();
    await page.getByText('No featured products available at the moment.').waitFor();
    expect(await page.getByRole('link', { name: 'View All Products' }).count()).toBe(0);
    await context.close();
  });

  it('sees the testimonials move on every 8 seconds, but not while hovered or focused', async () => {
    const { page, context } = await shop.newPage();
    await page.clock.install();
    await page.goto('/');
    const testimonial = page.getByTestId('testimonial');
    await testimonial.scrollIntoViewIfNeeded();
    const first = await testimonial.textContent();
    await page.clock.runFor(7000);
    expect(await testimonial.textContent()).toBe(first);
    await page.clock.runFor(1100);
    await expect.poll(() => testimonial.textContent()).not.toBe(first);
    const second = await testimonial.textContent();

    await testimonial.hover();
    await page.clock.runFor(20_000);
    expect(await testimonial.textContent()).toBe(second);
    await page.mouse.move(5, 5);
    await page.clock.runFor(8100);
    await expect.poll(() => testimonial.textContent()).not.toBe(second);

    await page.getByRole('button', { name: 'Show testimonial 5' }).focus();
    await page.keyboard.press('Enter');
    const fifth = await testimonial.textContent();
    await page.mouse.move(5, 5);
    await page.clock.runFor(20_000);
    expect(await testimonial.textContent()).toBe(fifth);
    expect(await page.getByRole('button', { name: /^Show testimonial/ }).count()).toBe(5);
    await context.close();
  });

  it('sees each testimonial with its star rating, read out as a sentence, and a small picture of its author', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/');
    const testimonial = page.getByTestId('testimonial');
    await testimonial.scrollIntoViewIfNeeded();
    for (let n = 1; n <= 5; n++) {
      await page.getByRole('button', { name: `Show testimonial ${n}` }).click();
      const rating = testimonial.getByRole('img', { name: /^Rated [1-5] out of 5$/ });
      expect(await rating.count()).toBe(1);
      const picture = testimonial.locator('img[src^="/pictures/testimonials/"]');
      expect(await picture.getAttribute('loading')).toBe('lazy');
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('subscribes to the newsletter, again with the same answer, and is told about a bad address', async () => {
    const { page, context, errors } = await shop.newPage();
    await page.goto('/');
    const email = page.getByRole('textbox', { name: 'Email address' });
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    const result = page.getByTestId('newsletter-result');
    const address = `home-${Date.now()}@example.com`;
    await email.fill(address);
    await subscribe.click();
    await expect.poll(() => result.textContent()).toBe('Successfully subscribed to our newsletter!');
    expect(await email.inputValue()).toBe('');
    await email.fill(address.toUpperCase());
    await subscribe.click();
    await expect.poll(() => result.textContent()).toBe('Successfully subscribed to our newsletter!');

    await email.fill('not-an-email');
    await page.keyboard.press('Enter');
    await expect.poll(() => result.textContent()).toBe('Invalid email address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await context.close();
  });
});
