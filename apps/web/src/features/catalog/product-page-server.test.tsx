// @vitest-environment node
import { STOCK_ALERT_MESSAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../entry-server';
import { aLaceByTheYard, aPackOfButtons, aShopInfo } from '../../testing/fixtures';

// The product page is also drawn on the server (decision 017): its units, breaks and quantity
// control must draw there too, without a browser.

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a product sold by the yard or the pack, drawn on the server', () => {
  it('shows the price per unit, the stock in the unit, the breaks and the line total at the minimum', async () => {
    const lace = aLaceByTheYard();
    const html =
      (await renderPage(`/products/${lace.slug}`, [
        [`/api/products/${lace.slug}`, { product: lace }],
        [`/api/products/${lace.id}/related`, { products: [aPackOfButtons()] }],
      ])) ?? '';
    const words = text(html);
    expect(words).toContain('₦1,200 / yard');
    expect(words).toContain('37.5 yd left');
    expect(words).toContain('10 yards or more: ₦1,050 / yard');
    expect(words).toContain('save 12%');
    expect(words).toContain('Total for 1 yd: ₦1,200.00');
    expect(html).toMatch(/role="spinbutton"[^>]*/);
    expect(html).toContain('aria-valuetext="1 yd"');
    // The related card says its unit too.
    expect(words).toContain('₦2,500 / pack of 12');
  });

  it('offers the back-in-stock form on a sold-out product, labelled, and no quantity control', async () => {
    const lace = aLaceByTheYard({ stock: 0.5 });
    const html =
      (await renderPage(`/products/${lace.slug}`, [
        [`/api/products/${lace.slug}`, { product: lace }],
        [`/api/products/${lace.id}/related`, { products: [] }],
      ])) ?? '';
    const words = text(html);
    expect(words).toContain(STOCK_ALERT_MESSAGES.heading);
    expect(words).toContain(STOCK_ALERT_MESSAGES.emailLabel);
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).not.toContain('role="spinbutton"');
  });
});

describe('its WhatsApp links, drawn on the server', () => {
  const lace = aLaceByTheYard();
  // The links with a message (the header's mobile menu has a plain chat link too), as the browser reads them.
  const hrefs = (html: string) =>
    [...html.matchAll(/href="(https:\/\/wa\.me\/[^"]*\?text=[^"]*)"/g)].map((match) =>
      (match[1] ?? '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&'),
    );

  it('carry the address of the page in the origin the server gives (its canonical link)', async () => {
    const html =
      (await renderPage(
        `/products/${lace.slug}`,
        [
          [`/api/products/${lace.slug}`, { product: lace }],
          ['/api/settings', aShopInfo()],
        ],
        'https://shop.example.com',
      )) ?? '';
    const address = `https://shop.example.com/products/${lace.slug}`;
    expect(hrefs(html)).toEqual([
      `https://wa.me/?text=${encodeURIComponent(`French Lace, Ivory, ₦1,200 / yard\n${address}`)}`,
      `https://wa.me/2348094445566?text=${encodeURIComponent(
        `Hello Stitch & Trim Supplies, I'd like to ask about French Lace, Ivory (₦1,200 / yard).\n${address}`,
      )}`,
    ]);
  });

  it('leave the chat with the shop out when the settings are not in the page, and keep the share', async () => {
    const html =
      (await renderPage(
        `/products/${lace.slug}`,
        [[`/api/products/${lace.slug}`, { product: lace }]],
        'https://a.test',
      )) ?? '';
    expect(hrefs(html)).toEqual([
      `https://wa.me/?text=${encodeURIComponent(`French Lace, Ivory, ₦1,200 / yard\nhttps://a.test/products/${lace.slug}`)}`,
    ]);
  });
});
