import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';

const shop = useBrowser();

describe('a visitor moving around the shop', () => {
  it('sees the header turn solid after 36 px of scrolling, and solid at once on /subcategories', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/');
    const header = page.getByRole('banner');
    await page.locator('main a[href^="/products/"]').first().waitFor();
    expect(await header.getAttribute('data-solid')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 30));
    await page.waitForTimeout(200);
    expect(await header.getAttribute('data-solid')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(() => header.getAttribute('data-solid')).toBe('true');

    const { categories } = await (await fetch(`${shop.baseUrl}/api/categories`)).json();
    await page.goto(`/subcategories/${categories[0].subcategories[0].id}`);
    await expect.poll(() => header.getAttribute('data-solid')).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('turns dark mode on, keeps it in localStorage, and has it applied before the app starts on the next visit', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

    // Watches the root from before any script of the page runs: `dark` must arrive while the
    // page is still parsing its <head>, so a dark visitor never sees a white flash.
    await page.addInitScript(() => {
      const record = window as unknown as { darkBeforeApp?: boolean };
      new MutationObserver(() => {
        if (record.darkBeforeApp === undefined && document.documentElement?.classList.contains('dark')) {
          record.darkBeforeApp = document.body === null; // still parsing <head>
        }
      }).observe(document, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkBeforeApp?: boolean }).darkBeforeApp)).toBe(true);
    expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await context.close();
  });

  it('gets a Back to top button after 300 px of scrolling that takes it to the top', async () => {
    const { page, context } = await shop.newPage();
    await page.goto('/shop');
    await page.locator('main a[href^="/products/"]').first().waitFor();
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(200);
    expect(await backToTop.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 400));
    await backToTop.waitFor({ state: 'visible' });
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
