import { SEARCH_TOTAL_CAP, searchResultSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { CatalogRepository, type SearchStatistics, scanBudget } from './catalog.repository';
import { planSearch, toTsquery } from './catalog.service';
import { ListingMemo } from './listing-memo';

// The top-K search (decision 015) on the demo catalogue, through HTTP on the real app. The
// catalogue cache is off so that every request reaches the database's search.
let shop: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;

interface Found {
  total: number;
  totalCapped?: boolean;
  products: { id: string; name: string }[];
}

async function search(query: string, extra = ''): Promise<Found> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/products/search?query=${encodeURIComponent(query)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  return searchResultSchema.parse(response.json());
}

const names = (found: Found) => found.products.map((product) => product.name.toLowerCase());
const ids = (found: Found) => found.products.map((product) => product.id);

async function addProducts(rows: { name: string; slug: string }[]) {
  const [sub] = await shop.database.query<{ id: string; category_id: string }>(
    `SELECT id, category_id FROM subcategories WHERE slug = 'guipure-lace'`,
  );
  for (const row of rows) {
    await shop.database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, subcategory_id, category_id)
       VALUES ($1, $2, 'A test piece.', 150000, 500, $3, $4)`,
      [row.name, row.slug, sub?.id, sub?.category_id],
    );
  }
}

beforeAll(async () => {
  shop = await createTestApp({ catalogCache: false });
  app = shop.app;
});
afterAll(async () => shop?.close());

describe('search relevance', () => {
  it('finds button products for "buttons" and "Buttons" products for "button"', async () => {
    const plural = await search('buttons');
    const singular = await search('button');
    expect(plural.total).toBeGreaterThan(5);
    expect(singular.total).toBe(plural.total);
    expect(names(plural)[0]).toContain('button');
    expect(names(singular).some((name) => name.includes('buttons'))).toBe(true);
  });

  it('gives the same products for "lace french" as for "french lace", French lace first', async () => {
    const one = await search('lace french');
    const other = await search('french lace');
    expect(one.total).toBeGreaterThan(0);
    expect(one.total).toBe(other.total);
    expect(new Set(ids(one))).toEqual(new Set(ids(other)));
    for (const name of names(one).slice(0, 3)) expect(name).toMatch(/french.*lace|lace.*french/);
  });

  it('finds a product named with an accent when the accent is not typed, and the other way round', async () => {
    await addProducts([{ name: 'Crème Brûlée Brocade Appliqué', slug: 'creme-brulee-brocade-applique' }]);
    const plain = await search('creme brulee applique');
    expect(plain.total).toBe(1);
    expect(names(plain)).toEqual(['crème brûlée brocade appliqué']);
    expect(ids(await search('CRÈME brûlée appliqué'))).toEqual(ids(plain));
    expect(ids(await search('brocade applique creme'))).toEqual(ids(plain));
  });

  it('survives letters that fold into punctuation or several characters ("ʼ", "½", "ß")', async () => {
    for (const query of ['ʼ', 'lace ʼ', 'laceʼs', '½ lace', 'ß', 'ʻʼ ʻʼ']) {
      const found = await search(query);
      expect(found.total).toBeGreaterThanOrEqual(0);
    }
    expect((await search('ʼ')).total).toBe(0);
    expect((await search('lace ʼ')).total).toBe((await search('lace')).total);
  });

  it('finds grosgrain ribbons despite two letters swapped ("grosgrian")', async () => {
    const found = await search('grosgrian');
    expect(found.total).toBeGreaterThan(0);
    expect(names(found)[0]).toContain('grosgrain');
  });

  it('finds embellishments despite two letters missing ("embelishmnt")', async () => {
    const found = await search('embelishmnt');
    expect(found.total).toBeGreaterThan(0);
    expect(found.products.length).toBeGreaterThan(0);
  });

  it('puts products named with every word before those that only mention them', async () => {
    const found = await search('rhinestone', '&pageSize=100');
    const named = names(found).map((name) => name.includes('rhinestone'));
    expect(named[0]).toBe(true);
    // Once a product that is not named so appears, no named one follows it.
    expect(named.slice(named.indexOf(false)).every((isNamed) => !isNamed)).toBe(named.includes(false));
  });

  it('asks the index for the finished words and still keeps only products matching the word being typed', async () => {
    for (const [query, tsquery] of [
      ['french la', 'french & la:*'],
      ['gold butt', 'gold & butt:*'],
      ['lion he', 'lion & he:*'],
    ] as const) {
      const [expected] = await shop.database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM product_search WHERE search_vector @@ to_tsquery('english', $1)`,
        [tsquery],
      );
      const found = await search(query, '&pageSize=100');
      expect(expected?.total).toBeGreaterThan(0);
      expect(found.total).toBe(expected?.total);
    }
  });

  it('finds nothing, and says so exactly, for stop words alone ("but" on the way to "button")', async () => {
    for (const query of ['but', 'in', 'the an']) {
      expect(await search(query)).toMatchObject({ total: 0, totalCapped: false, products: [] });
    }
  });

  it('searches once when nothing matches and the spelling alternatives are only the words own forms', async () => {
    await addProducts([
      { name: 'Quillwork Panel', slug: 'quillwork-panel' },
      { name: 'Quillworks Sampler', slug: 'quillworks-sampler' },
    ]);
    const pages = vi.spyOn(app.database, 'query');
    const searches = () => pages.mock.calls.filter(([sql]) => sql.includes('stream AS MATERIALIZED')).length;
    try {
      // "quillworks" is the only word near "quillwork", and stems to it; none is near "xyzzyq":
      // a second pass would find nothing more.
      expect(await search('quillwork xyzzyq')).toMatchObject({ total: 0, products: [] });
      expect(searches()).toBe(1);
      // A mistyped word still gets its second pass, and is found.
      pages.mockClear();
      expect(names(await search('quilwork panel'))).toEqual(['quillwork panel']);
      expect(searches()).toBe(2);
    } finally {
      pages.mockRestore();
    }
  });

  it('remembers that a misspelt search matches nothing, and goes straight to its second pass, until the catalogue changes', async () => {
    await addProducts([{ name: 'Tassellina Fringe', slug: 'tassellina-fringe' }]);
    await app.catalog.cache.invalidate();
    const pages = vi.spyOn(app.database, 'query');
    const searches = () => pages.mock.calls.filter(([sql]) => sql.includes('stream AS MATERIALIZED')).length;
    try {
      const corrected = names(await search('tasselina'));
      expect(corrected).toContain('tassellina fringe');
      expect(searches()).toBe(2);
      pages.mockClear();
      expect(names(await search('tasselina'))).toEqual(corrected);
      expect(searches()).toBe(1);
      // Now a product holds the word as typed: the catalogue changed, and the first pass finds it.
      await addProducts([{ name: 'Tasselina Cord', slug: 'tasselina-cord' }]);
      await app.catalog.cache.invalidate();
      pages.mockClear();
      const found = names(await search('tasselina'));
      expect(found).toContain('tasselina cord');
      expect(found).toContain('tassellina fringe');
      expect(searches()).toBe(2);
    } finally {
      pages.mockRestore();
    }
  });

  it('answers an exact total and no cap flag when few products match', async () => {
    const found = await search('grosgrain');
    expect(found.totalCapped).toBe(false);
    expect(found.total).toBe(found.products.length);
  });
});

describe('a search with more matches than a page, fewer than the cap', () => {
  it('counts once: the next page and the next visitor reuse the count until the catalogue changes', async () => {
    await addProducts(
      Array.from({ length: 30 }, (_, index) => ({
        name: `Organzette Panel ${index + 1}`,
        slug: `organzette-${index + 1}`,
      })),
    );
    await app.catalog.cache.invalidate();
    const statements = vi.spyOn(app.database, 'query');
    // Whether each search statement was asked to count ($2).
    const counts = () =>
      statements.mock.calls.filter(([sql]) => sql.includes('stream AS MATERIALIZED')).map(([, params]) => params?.[1]);
    try {
      expect(await search('organzette')).toMatchObject({ total: 30, totalCapped: false });
      expect(await search('organzette', '&page=2')).toMatchObject({ total: 30, totalCapped: false });
      expect(await search('organzette')).toMatchObject({ total: 30, totalCapped: false });
      expect(counts()).toEqual([true, false, false]);
      // One more product: the catalogue changed, so the next search counts again.
      await addProducts([{ name: 'Organzette Panel 31', slug: 'organzette-31' }]);
      await app.catalog.cache.invalidate();
      expect(await search('organzette')).toMatchObject({ total: 31, totalCapped: false });
      expect(counts().at(-1)).toBe(true);
    } finally {
      statements.mockRestore();
    }
  });

  it('counts them all, on the first page, on the last and past it', async () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({
      name: `Chiffonette Panel ${index + 1}`,
      slug: `chiffonette-panel-${index + 1}`,
    }));
    await addProducts(rows);
    // The page is full, so the total comes from the count: 30, not the 24 the page read.
    const first = await search('chiffonette');
    expect(first).toMatchObject({ total: 30, totalCapped: false });
    expect(first.products).toHaveLength(24);
    const second = await search('chiffonette', '&page=2');
    expect(second).toMatchObject({ total: 30, totalCapped: false });
    expect(second.products).toHaveLength(6);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(30);
    // A page past the matches: the stream runs dry before it, so the total is what it read.
    expect(await search('chiffonette', '&page=3')).toMatchObject({ total: 30, products: [] });
  });
});

describe('a search with more than SEARCH_TOTAL_CAP matches', () => {
  const extra = SEARCH_TOTAL_CAP + 60;
  let before: string[][] = [];

  beforeAll(async () => {
    await shop.database.query(
      `INSERT INTO products (name, slug, description, price_kobo, stock_hundredths, subcategory_id, category_id)
       SELECT 'Tulle Sample ' || n, 'tulle-sample-' || n, 'Soft tulle.', 50000 + n, 300, s.id, s.category_id
         FROM generate_series(1, ${extra}) AS n, subcategories s WHERE s.slug = 'guipure-lace'`,
    );
  });

  it('says the cap and "capped", and pages up to the cap and no further', async () => {
    const first = await search('tulle');
    expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(first.products).toHaveLength(24);
    const lastPage = Math.ceil(SEARCH_TOTAL_CAP / 100);
    const last = await search('tulle', `&pageSize=100&page=${lastPage}`);
    expect(last.products).toHaveLength(SEARCH_TOTAL_CAP - (lastPage - 1) * 100);
    const past = await search('tulle', `&pageSize=100&page=${lastPage + 1}`);
    expect(past).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true, products: [] });
  });

  it('pages through the capped results without repeating or skipping a product', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 10; page += 1) {
      const found = await search('tulle', `&pageSize=100&page=${page}`);
      before.push(ids(found));
      for (const id of ids(found)) seen.add(id);
    }
    expect(seen.size).toBe(SEARCH_TOTAL_CAP);
  });

  it('gives the same pages after ANALYZE, when the statistics make it read the table instead of the index', async () => {
    await shop.database.query('ANALYZE product_search');
    const after: string[][] = [];
    for (let page = 1; page <= 10; page += 1) after.push(ids(await search('tulle', `&pageSize=100&page=${page}`)));
    expect(after).toEqual(before);
    before = [];
  });

  it('gives way to the index when a scan in storage order reads its budget without filling the stream', async () => {
    // Three products at the very end of storage order, past the 1,000 rows a scan may read when
    // the statistics say every name matches: the scan finds none of them, the index finds all.
    await addProducts([1, 2, 3].map((index) => ({ name: `Zebrine Tulle ${index}`, slug: `zebrine-tulle-${index}` })));
    const repository = new CatalogRepository(shop.database, new ListingMemo());
    const query = { full: 'zebrin & tull:*', indexed: 'zebrin & tull:*' };
    const page = { page: 1, pageSize: 24 };
    const plan = { count: true, scanNames: true, scanOthers: false, wholeWordsOnly: false };
    const found = await repository.searchPage(query, { ...plan, nameShare: 1 }, page);
    const unbounded = await repository.searchPage(query, plan, page);
    const indexed = await repository.searchPage(query, { ...plan, scanNames: false }, page);
    expect(found.total).toBe(3);
    expect(found.products.parse()).toHaveLength(3);
    expect(found.products.parse()).toEqual(indexed.products.parse());
    expect(unbounded.products.parse()).toEqual(indexed.products.parse());
    expect(scanBudget(24, 1)).toBe(1_000);
  });
});

describe('the search table (product_search, decision 038)', () => {
  const found = async (query: string) => ids(await search(query));
  const searchRow = async (id: string) =>
    shop.database.query<{ version: string }>('SELECT xmin::text AS version FROM product_search WHERE id = $1', [id]);

  it('follows every write to a product, its subcategory and its category, and nothing else', async () => {
    await addProducts([{ name: 'Zanzibar Braid', slug: 'zanzibar-braid' }]);
    const [product] = await shop.database.query<{ id: string }>(
      `SELECT id FROM products WHERE slug = 'zanzibar-braid'`,
    );
    const id = product?.id ?? '';
    await expect.poll(() => found('zanzibar')).toEqual([id]);

    await shop.database.query(`UPDATE products SET name = 'Kilimanjaro Braid' WHERE id = $1`, [id]);
    await expect.poll(() => found('kilimanjaro')).toEqual([id]);
    expect(await found('zanzibar')).toEqual([]);

    await shop.database.query(`UPDATE products SET description = 'Woven with marula thread.' WHERE id = $1`, [id]);
    await expect.poll(() => found('marula')).toEqual([id]);

    // A change of stock (every order) leaves the search row as it is.
    const [before] = await searchRow(id);
    await shop.database.query('UPDATE products SET stock_hundredths = stock_hundredths - 100 WHERE id = $1', [id]);
    expect(await searchRow(id)).toEqual([before]);

    const [category] = await shop.database.query<{ id: string }>(
      `INSERT INTO categories (name, slug) VALUES ('Savanna Notions', 'savanna-notions') RETURNING id`,
    );
    const [sub] = await shop.database.query<{ id: string }>(
      `INSERT INTO subcategories (name, slug, category_id) VALUES ('Okapi Trims', 'okapi-trims', $1) RETURNING id`,
      [category?.id],
    );
    await shop.database.query('UPDATE products SET subcategory_id = $1 WHERE id = $2', [sub?.id, id]);
    await expect.poll(() => found('okapi trims')).toEqual([id]);
    expect(await found('savanna')).toEqual([id]);
    await shop.database.query(`UPDATE subcategories SET name = 'Serengeti Trims' WHERE id = $1`, [sub?.id]);
    await expect.poll(() => found('serengeti')).toEqual([id]);
    await shop.database.query(`UPDATE categories SET name = 'Sahel Notions' WHERE id = $1`, [category?.id]);
    await expect.poll(() => found('sahel')).toEqual([id]);
    expect(await found('savanna')).toEqual([]);

    await shop.database.query('DELETE FROM products WHERE id = $1', [id]);
    expect(await searchRow(id)).toEqual([]);
    await expect.poll(() => found('kilimanjaro')).toEqual([]);
  });
});

describe('planSearch', () => {
  const statistics = (products: number, shares: Record<string, number>, nameShares = shares): SearchStatistics => ({
    products,
    all: new Map(Object.entries(shares)),
    names: new Map(Object.entries(nameShares)),
  });
  const word = (lexeme: string, prefix = false) => [{ lexemes: [lexeme], prefix }];

  it('reads the indexes and counts when the statistics know nothing (before the first ANALYZE)', () => {
    expect(planSearch([word('lace', true)], statistics(0, {}))).toMatchObject({
      count: true,
      scanNames: false,
      scanOthers: false,
      wholeWordsOnly: false,
    });
  });

  it('reads the table in storage order for a word a quarter of 200,000 products hold, and skips the count', () => {
    expect(planSearch([word('lace', true)], statistics(200_000, { lace: 0.25, lacework: 0.01 }))).toMatchObject({
      count: false,
      scanNames: true,
      scanOthers: false,
      wholeWordsOnly: false,
    });
  });

  it('reads the index and counts for a word few products hold', () => {
    expect(planSearch([word('tassel')], statistics(200_000, { lace: 0.25, tassel: 0.001 }))).toMatchObject({
      count: true,
      scanNames: false,
      scanOthers: false,
      wholeWordsOnly: false,
    });
  });

  it('reads the indexes, which know at once that nothing matches, when every word is a stop word', () => {
    const stopWord = [{ lexemes: [], prefix: true }];
    expect(planSearch([stopWord], statistics(200_000, { lace: 0.25 }))).toEqual({
      count: false,
      scanNames: false,
      scanOthers: false,
      wholeWordsOnly: false,
    });
  });

  it('reads the table for products mentioning a word most names lack', () => {
    const plan = planSearch([word('bridal', true)], statistics(200_000, { bridal: 0.3 }, { bridal: 0.001 }));
    expect(plan).toMatchObject({ count: false, scanNames: false, scanOthers: true, wholeWordsOnly: false });
  });

  it('skips the count for one word a little over the cap, but wants more margin for several', () => {
    const shares = statistics(20_000, { rhineston: 0.1, gold: 0.3, button: 0.3 });
    expect(planSearch([word('rhineston')], shares).count).toBe(false); // 2,000 matches
    expect(planSearch([word('gold'), word('button')], shares).count).toBe(true); // 1,800 by estimate
  });

  it('counts a lexeme once when two alternatives stem to it', () => {
    const shares = statistics(10_000, { rhineston: 0.1 });
    const typo = [[...word('rhinston', true), ...word('rhineston'), ...word('rhineston')]];
    expect(planSearch(typo, shares).count).toBe(true); // 1,000 matches, not 2,000
  });

  it('asks the index for a rare finished word alone, but for every word when the finished one is broad', () => {
    const shares = statistics(200_000, { lion: 0.005, head: 0.05, gold: 0.3, button: 0.3 });
    expect(planSearch([word('lion'), word('head', true)], shares).wholeWordsOnly).toBe(true);
    expect(planSearch([word('gold'), word('button', true)], shares).wholeWordsOnly).toBe(false);
  });

  it('multiplies the shares of the words, and adds those of alternative spellings', () => {
    const shares = statistics(200_000, { gold: 0.01, button: 0.01, rhineston: 0.2 });
    expect(planSearch([word('gold'), word('button', true)], shares).count).toBe(true);
    const typo = [[...word('rhinston', true), { lexemes: ['rhineston'], prefix: false }]];
    expect(planSearch(typo, shares)).toMatchObject({ count: false, scanNames: true });
  });
});

describe('toTsquery', () => {
  it('bounds a scan by the rows the statistics say it needs, four times over, at least 1,000', () => {
    expect(scanBudget(24, 0.25)).toBe(1_000);
    expect(scanBudget(24, 0.004)).toBe(24_000);
    expect(scanBudget(1_000, 0.5)).toBe(8_000);
    expect(scanBudget(24, 0)).toBe(2 ** 53 - 1);
    expect(scanBudget(24, undefined)).toBe(2 ** 53 - 1);
    const shares = new Map(Object.entries({ lace: 0.25, ribbon: 0.2 }));
    const words = [[{ lexemes: ['lace'], prefix: false }], [{ lexemes: ['ribbon'], prefix: true }]];
    const plan = planSearch(words, { products: 200_000, names: shares, all: shares });
    expect(plan.nameShare).toBeCloseTo(0.05);
  });

  it('matches the last word as a prefix and the finished words whole, with alternatives', () => {
    expect(toTsquery(['gold', 'butt'])).toBe('gold & butt:*');
    expect(toTsquery(['rhinstone'], new Map([['rhinstone', ['rhinestone', 'rhinestones']]]))).toBe(
      '(rhinstone:* | rhinestone | rhinestones)',
    );
  });
});
