import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

describe('a visitor reading about the shop', () => {
  it('reads the story, the three values and the team, with every picture drawn and no sideways scroll on a phone', async () => {
    const { page, context, errors } = await shop.newPage({ width: 375, height: 800 });
    const pictures: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/pictures/')) {
        pictures.push({ url: new URL(response.url()).pathname, bytes: (await response.body()).length });
      }
    });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('heading', { name: 'Our story' }).waitFor();
    for (const value of ['Quality', 'Craftsmanship', 'Sustainability']) {
      await page.getByRole('heading', { level: 3, name: value, exact: true }).waitFor();
    }
    const team = page.getByRole('img', { name: /^Portrait of / });
    expect(await team.count()).toBe(4);
    const images = page.getByRole('main').getByRole('img');
    for (let i = 0; i < (await images.count()); i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    // Small files from the shop itself: nothing from elsewhere, nothing heavy for a phone.
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    for (const picture of pictures) {
      expect(picture.url).toMatch(/^\/pictures\/about\/[a-z-]+\.webp$/);
      expect(picture.bytes).toBeLessThan(40_000);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL('**/contact');
    expect(errors).toEqual([]);
    await context.close();
  });
});
