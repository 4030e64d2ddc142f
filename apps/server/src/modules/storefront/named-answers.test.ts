import { productListQuerySchema, storefrontAnswerUrl } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { aWebBuild } from '../../../test/web-build';
import { CATALOG_CHANNEL } from '../catalog/catalog-cache';

const webDistDir = aWebBuild('shop-named-answers-');

let shop: Awaited<ReturnType<typeof createTestApp>>;
/** The catalogue cache keys asked for, in order. */
let keys: string[] = [];

beforeAll(async () => {
  shop = await createTestApp({ webDistDir });
  const { cache } = shop.app.catalog;
  const getOrCreate = cache.getOrCreate.bind(cache);
  cache.getOrCreate = (key, produce) => {
    keys.push(key);
    return getOrCreate(key, produce);
  };
});
afterAll(async () => shop?.close());

/**
 * Empties the catalogue cache and waits until every notice sent so far has reached it: on
 * PostgreSQL a NOTIFY arrives later, and a late one would clear the entry a test just filled.
 * One listening connection delivers the notices in order, the cache's listener first.
 */
async function invalidated() {
  await shop.app.catalog.cache.invalidate();
  const marker = `heard-${Math.random()}`;
  let heard = false;
  const stop = await shop.app.database.listen(CATALOG_CHANNEL, (payload) => {
    if (payload === marker) heard = true;
  });
  try {
    await shop.app.database.notify(CATALOG_CHANNEL, marker);
    for (let i = 0; i < 250 && !heard; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await stop();
  }
  expect(heard).toBe(true);
}

function pageData(html: string): Record<string, unknown> {
  const match = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page-data block');
  return JSON.parse(match[1]);
}

describe('a drawn page and the API send the same named answer', () => {
  it("a product page embeds the product route's answer, built once under one cache key", async () => {
    await invalidated();
    const [card] = (await shop.app.inject({ method: 'GET', url: '/api/products?pageSize=1' })).json().products;
    const slug: string = card.slug;
    await invalidated();
    const service = shop.app.catalog.service;
    const getProduct = service.getProduct.bind(service);
    let builds = 0;
    service.getProduct = (idOrSlug) => {
      if (idOrSlug === slug) builds += 1;
      return getProduct(idOrSlug);
    };
    try {
      keys = [];
      const page = await shop.app.inject({ method: 'GET', url: `/products/${slug}` });
      const pageKeys = [...keys];
      keys = [];
      const answer = await shop.app.inject({ method: 'GET', url: `/api/products/${slug}` });
      const apiKeys = [...keys];

      const named = await shop.app.catalog.answers.product(slug);
      expect(pageKeys).toContain(named.key);
      expect(apiKeys).toEqual([named.key]);
      // The API answered from the entry the page filled: the product was read once.
      expect(builds).toBe(1);
      expect(answer.body).toBe(named.body.toString('utf8'));
      expect(pageData(page.body)[storefrontAnswerUrl.product(slug)]).toEqual(answer.json());
    } finally {
      service.getProduct = getProduct;
    }
  });

  it("/shop embeds the product list route's answer for its ?page=, under the route's key", async () => {
    await invalidated();
    keys = [];
    const page = await shop.app.inject({ method: 'GET', url: '/shop?page=2' });
    const query = productListQuerySchema.parse({ page: '2', pageSize: '24' });
    const named = await shop.app.catalog.answers.productList(query);
    expect(keys.slice(0, -1)).toContain(named.key);
    keys = [];
    // The web app's query names its parameters its own way: the route parses them to the same key.
    const answer = await shop.app.inject({ method: 'GET', url: '/api/products?pageSize=24&page=2&_t=1' });
    expect([...keys]).toEqual([named.key]);
    expect(pageData(page.body)[storefrontAnswerUrl.productList(2)]).toEqual(answer.json());
  });
});
