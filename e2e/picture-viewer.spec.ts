import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe';
import { useBrowser } from './fixtures/browser';
import { wholeProducts } from './fixtures/products';

const shop = useBrowser();

type ApiProduct = { slug: string; name: string; images: string[] };

async function productWithPictures(): Promise<ApiProduct> {
  const products = await wholeProducts<ApiProduct>(shop.baseUrl, '/api/products?pageSize=100');
  const product = products.find((p) => p.images.length >= 3);
  if (!product) throw new Error('no product with three images in the demo catalogue');
  return product;
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** The scale in the picture's computed transform (a matrix: its first value). */
const scaleOf = (picture: Locator) =>
  picture.evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).a);

const zoomPercent = async (viewer: Locator) =>
  Number.parseInt((await viewer.getByTestId('picture-viewer-zoom').textContent()) ?? '', 10);

async function openProduct(page: Page, product: ApiProduct) {
  await page.goto(`/products/${product.slug}`);
  const count = product.images.length;
  const opener = page.getByRole('button', { name: `View larger image: ${product.name}, image 1 of ${count}` });
  await opener.waitFor();
  return opener;
}

describe('a closer look at a product’s pictures', () => {
  it('opens, zooms, moves on and closes by keyboard, the large picture loaded only in the viewer', async () => {
    const product = await productWithPictures();
    const count = product.images.length;
    const { page, context, errors } = await shop.newPage();
    const largeRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('-large.webp')) largeRequests.push(request.url());
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const opener = await openProduct(page, product);

    // The page's own picture is the thumb or the full one, never the large one.
    const main = page.getByRole('img', { name: `${product.name}, image 1 of ${count}` });
    await page.waitForFunction(
      (name) => (document.querySelector(`img[alt="${name}"]`) as HTMLImageElement | null)?.complete,
      `${product.name}, image 1 of ${count}`,
    );
    expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toContain('-large');
    expect(largeRequests).toEqual([]);

    await opener.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: product.name });
    await viewer.waitFor();
    expect(await viewer.getAttribute('aria-modal')).toBe('true');
    expect(await isFocused(viewer.getByRole('button', { name: 'Close' }))).toBe(true);

    const picture = viewer.getByRole('img', { name: `${product.name}, image 1 of ${count}` });
    await picture.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="picture-viewer"] img') as HTMLImageElement)?.naturalWidth > 0,
    );
    const loaded = await picture.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      width: img.naturalWidth,
    }));
    expect(loaded.src).toContain(product.images[0]?.replace('-full.webp', '-large.webp'));
    expect(loaded.width).toBeGreaterThan(1000);
    // The page behind does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    // Zoom by keyboard.
    expect(await zoomPercent(viewer)).toBe(100);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    expect(await zoomPercent(viewer)).toBe(200);
    expect(await viewer.getByRole('status').textContent()).toBe('Zoom 200%');
    await expect.poll(() => scaleOf(picture)).toBeCloseTo(2);
    await page.keyboard.press('-');
    expect(await zoomPercent(viewer)).toBe(150);
    await page.keyboard.press('0');
    expect(await zoomPercent(viewer)).toBe(100);
    await expect.poll(() => scaleOf(picture)).toBeCloseTo(1);

    // Zoom by wheel, over the picture.
    const stage = viewer.getByTestId('picture-viewer-stage');
    const box = await stage.boundingBox();
    if (!box) throw new Error('the viewer’s stage has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoomPercent(viewer)).toBeGreaterThan(150);
    await expect.poll(() => scaleOf(picture)).toBeGreaterThan(1.5);

    // Drag to move around the zoomed picture.
    const translateY = () => picture.evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).f);
    const before = await translateY();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 120, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await translateY()) - before).toBeGreaterThan(50);
    await page.keyboard.press('0');

    // The next picture, by arrow key.
    await page.keyboard.press('ArrowRight');
    await viewer.getByRole('img', { name: `${product.name}, image 2 of ${count}` }).waitFor();
    expect(await viewer.getByTestId('picture-viewer-position').textContent()).toBe(`Image 2 of ${count}`);

    // Tab stays inside, however often it is pressed, both ways.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }

    // Escape closes; focus is back on the picture button, which now shows picture 2.
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    const back = page.getByRole('button', { name: `View larger image: ${product.name}, image 2 of ${count}` });
    await expect.poll(() => isFocused(back)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation with the viewer open in ${mode} mode`, async () => {
      const product = await productWithPictures();
      const { page, context } = await shop.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
      const opener = await openProduct(page, product);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      await opener.click();
      const viewer = page.getByRole('dialog', { name: product.name });
      await viewer.waitFor();
      await page.keyboard.press('+');
      expect(await seriousViolations(page, `picture viewer (${mode})`)).toEqual([]);
      await context.close();
    });
  }

  it('shows the full picture when there is no large one (an upload from before the large size)', async () => {
    const product = await productWithPictures();
    const { page, context } = await shop.newPage();
    await page.route('**/*-large.webp', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const opener = await openProduct(page, product);
    await opener.click();
    const viewer = page.getByRole('dialog', { name: product.name });
    await viewer.waitFor();
    const picture = viewer.getByRole('img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.naturalWidth > 0 ? img.currentSrc : '')))
      .toContain(product.images[0]);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1000);
    await context.close();
  });

  it('zooms with a double tap and a pinch on a 375 px touch screen and closes with the Close button', async () => {
    const product = await productWithPictures();
    const { page, context, errors } = await shop.newPage({ width: 375, height: 740, touch: true });
    const opener = await openProduct(page, product);
    await opener.tap();
    const viewer = page.getByRole('dialog', { name: product.name });
    await viewer.waitFor();
    // Everything fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const name of ['Close', 'Previous image', 'Zoom out', 'Zoom in', 'Next image']) {
      const button = await viewer.getByRole('button', { name }).boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= 375, name).toBe(true);
    }
    const picture = viewer.getByRole('img');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="picture-viewer"] img') as HTMLImageElement)?.naturalWidth > 0,
    );
    expect(await picture.evaluate((img) => getComputedStyle(img).touchAction)).toBe('none');
    const box = await viewer.getByTestId('picture-viewer-stage').boundingBox();
    if (!box) throw new Error('the viewer’s stage has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await expect.poll(() => zoomPercent(viewer)).toBe(200);
    await expect.poll(() => scaleOf(picture)).toBeCloseTo(2);
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await expect.poll(() => zoomPercent(viewer)).toBe(100);

    // Pinch: two fingers 100 px apart move to 200 px apart (Playwright has no two-finger touch:
    // the DevTools protocol does).
    await page.waitForTimeout(400); // not a third tap of the double tap above
    const cdp = await context.newCDPSession(page);
    const fingers = (apart: number) => [
      { x: x - apart / 2, y, id: 1 },
      { x: x + apart / 2, y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(100) });
    for (const apart of [125, 150, 175, 200]) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(apart) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => zoomPercent(viewer)).toBe(200);

    await viewer.getByRole('button', { name: 'Close' }).tap();
    await viewer.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
