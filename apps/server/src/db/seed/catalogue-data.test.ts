import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPriceBreak, isPurchasable, PIECE_TERMS, saleTermsProblems } from '@shop/shared';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { demoCatalogue, type SeedCategory, type SeedProduct } from './catalogue-data';
import {
  demoImageFileName,
  demoImageUrl,
  generateDemoImages,
  IMAGE_SIZES,
  renderProductImage,
  renderProductImageSvg,
} from './product-images';

const products: SeedProduct[] = demoCatalogue.flatMap((category) =>
  category.subcategories.flatMap((subcategory) => subcategory.products),
);

/** Image tests draw real pictures; give slow CI machines room. */
const IMAGE_TIMEOUT_MS = 60_000;

describe('demo catalogue data', () => {
  it('has the six categories with the right slugs and names, in order', () => {
    expect(demoCatalogue.map((category) => category.slug)).toEqual([
      'trims',
      'laces',
      'buttons',
      'ribbons',
      'rhinestones',
      'embellishments',
    ]);
    expect(demoCatalogue.map((category) => category.name)).toEqual([
      'Trims',
      'Laces',
      'Buttons',
      'Ribbons',
      'Rhinestones',
      'Embellishments',
    ]);
  });

  it('gives every category 3 to 5 subcategories, each with products and a description', () => {
    for (const category of demoCatalogue) {
      expect(category.description.length, category.slug).toBeGreaterThan(20);
      expect(category.subcategories.length, category.slug).toBeGreaterThanOrEqual(3);
      expect(category.subcategories.length, category.slug).toBeLessThanOrEqual(5);
      for (const subcategory of category.subcategories) {
        expect(subcategory.products.length, subcategory.slug).toBeGreaterThan(0);
        expect(subcategory.description.length, subcategory.slug).toBeGreaterThan(20);
      }
    }
  });

  it('uses unique kebab-case slugs for categories and subcategories', () => {
    const slugs = demoCatalogue.flatMap((category) => [
      category.slug,
      ...category.subcategories.map((subcategory) => subcategory.slug),
    ]);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('has at least 150 products', () => {
    expect(products.length).toBeGreaterThanOrEqual(150);
  });

  it('gives every product a unique kebab-case slug and a unique name', () => {
    const slugs = products.map((product) => product.slug);
    const names = products.map((product) => product.name.toLowerCase());
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(names).size).toBe(names.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('writes descriptions of two to four sentences with no unfilled placeholders', () => {
    for (const product of products) {
      const sentences = product.description.split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
      expect(sentences.length, product.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, product.slug).toBeLessThanOrEqual(4);
      expect(`${product.name} ${product.description}`, product.slug).not.toMatch(/[{}]/);
    }
  });

  it('prices every product per unit of sale in whole kobo between ₦50 and ₦85,000', () => {
    for (const product of products) {
      expect(Number.isInteger(product.priceKobo), product.slug).toBe(true);
      expect(product.priceKobo, product.slug).toBeGreaterThanOrEqual(5_000);
      expect(product.priceKobo, product.slug).toBeLessThanOrEqual(8_500_000);
    }
  });

  it('sells laces, trims and ribbons by the yard, buttons and stones by the pack, with terms the rules accept', () => {
    const categoryOf = (slug: string) =>
      demoCatalogue.find((c) => c.subcategories.some((s) => s.products.some((p) => p.slug === slug)));
    for (const product of products) {
      expect(saleTermsProblems(product.terms, product.priceKobo, product.stockHundredths), product.slug).toEqual([]);
      const category = categoryOf(product.slug)?.slug;
      if (category === 'laces' || category === 'ribbons') expect(product.terms.unit, product.slug).toBe('yard');
      if (category === 'trims') expect(['yard', 'metre'], product.slug).toContain(product.terms.unit);
      if (category === 'buttons') {
        expect(product.terms.unit, product.slug).toBe('pack');
        expect(['buttons', 'snap sets'], product.slug).toContain(product.terms.packItemName);
        expect(product.terms.packSize, product.slug).toBeGreaterThanOrEqual(2);
      }
      if (product.terms.unit === 'yard') {
        expect(product.terms, product.slug).toMatchObject({ stepHundredths: 50, minHundredths: 100 });
        expect(product.name, product.slug).not.toMatch(/\d+ yards?$/);
      }
    }
    const count = (unit: string) => products.filter((product) => product.terms.unit === unit).length;
    expect(count('yard')).toBeGreaterThanOrEqual(40);
    expect(count('pack')).toBeGreaterThanOrEqual(20);
    expect(count('piece')).toBeGreaterThanOrEqual(5);
    expect(count('metre')).toBeGreaterThanOrEqual(1);
    // Some lengths with a half yard on the shelf: 37.5 yards.
    expect(products.filter((p) => p.terms.unit === 'yard' && p.stockHundredths % 100 === 50).length).toBeGreaterThan(5);
  });

  it('has price breaks on at least 4 laces ("10 yards or more") and 3 packs ("5 packs or more")', () => {
    const laces =
      demoCatalogue.find((category) => category.slug === 'laces')?.subcategories.flatMap((s) => s.products) ?? [];
    const lacesWithBreaks = laces.filter((p) => p.terms.priceBreaks.some((line) => line.minHundredths === 1000));
    expect(lacesWithBreaks.length).toBeGreaterThanOrEqual(4);
    expect(
      formatPriceBreak(
        lacesWithBreaks[0]?.terms ?? PIECE_TERMS,
        lacesWithBreaks[0]?.terms.priceBreaks[0] ?? { minHundredths: 0, priceKobo: 0 },
      ),
    ).toMatch(/^10 yards or more: ₦[\d,]+ \/ yard$/);
    const packs = products.filter(
      (p) => p.terms.unit === 'pack' && p.terms.priceBreaks.some((line) => line.minHundredths === 500),
    );
    expect(packs.length).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      for (const line of product.terms.priceBreaks) expect(line.priceKobo % 100, product.slug).toBe(0);
    }
  });

  it('has some products out of stock, some nearly out of stock and the rest well stocked', () => {
    for (const product of products) {
      expect(Number.isInteger(product.stockHundredths), product.slug).toBe(true);
      expect(product.stockHundredths, product.slug).toBeGreaterThanOrEqual(0);
    }
    // Out of stock: not even the minimum of one line (half a yard of a lace sold from 1 yard counts).
    const out = products.filter((product) => !isPurchasable(product.terms, product.stockHundredths));
    const low = products.filter(
      (product) => isPurchasable(product.terms, product.stockHundredths) && product.stockHundredths <= 500,
    );
    expect(out.length).toBeGreaterThanOrEqual(5);
    expect(out.length).toBeLessThanOrEqual(12);
    expect(out.some((product) => product.stockHundredths > 0)).toBe(true);
    expect(low.length).toBeGreaterThanOrEqual(8);
    expect(low.length).toBeLessThanOrEqual(16);
    expect(
      products.filter((product) => product.stockHundredths > 500).every((product) => product.stockHundredths >= 1000),
    ).toBe(true);
  });

  it('marks exactly 12 hot buys and exactly 12 newly added products', () => {
    expect(products.filter((product) => product.isHotBuy)).toHaveLength(12);
    expect(products.filter((product) => product.isNewlyAdded)).toHaveLength(12);
  });

  it('gives every product 3 to 6 specifications including its colour', () => {
    for (const product of products) {
      expect(product.specifications.length, product.slug).toBeGreaterThanOrEqual(3);
      expect(product.specifications.length, product.slug).toBeLessThanOrEqual(6);
      expect(
        product.specifications.map((spec) => spec.name),
        product.slug,
      ).toContain('Colour');
      for (const spec of product.specifications) {
        expect(spec.name.trim(), product.slug).not.toBe('');
        expect(spec.value.trim(), product.slug).not.toBe('');
      }
    }
  });

  it('gives every product 2 to 4 valid, different images', () => {
    const patterns = ['stripes', 'dots', 'zigzag', 'scallop', 'grid', 'waves', 'diamonds', 'solid'];
    for (const product of products) {
      expect(product.images.length, product.slug).toBeGreaterThanOrEqual(2);
      expect(product.images.length, product.slug).toBeLessThanOrEqual(4);
      for (const image of product.images) {
        expect(image.background, product.slug).toMatch(/^#[0-9a-f]{6}$/);
        expect(image.accent, product.slug).toMatch(/^#[0-9a-f]{6}$/);
        expect(patterns, product.slug).toContain(image.pattern);
        expect(image.label.trim(), product.slug).not.toBe('');
      }
      const looks = product.images.map((image) => `${image.background} ${image.accent} ${image.pattern}`);
      expect(new Set(looks).size, product.slug).toBe(looks.length);
    }
  });

  it('gives every product a thumbnail that no other product shares', () => {
    const thumbnails = products.map(({ images: [first] }) => `${first?.background} ${first?.pattern} ${first?.label}`);
    expect(new Set(thumbnails).size).toBe(thumbnails.length);
  });

  it('names many products after their category so that text search finds them', () => {
    const words: Record<string, RegExp> = {
      trims: /\btrim\b/i,
      laces: /\blace\b/i,
      buttons: /\bbuttons?\b/i,
      ribbons: /\bribbon\b/i,
      rhinestones: /\brhinestones?\b/i,
      embellishments: /\b(?:beads?|sequins?)\b/i,
    };
    for (const category of demoCatalogue) {
      const names = category.subcategories.flatMap((subcategory) =>
        subcategory.products.map((product) => product.name),
      );
      const word = words[category.slug] as RegExp;
      expect(names.filter((name) => word.test(name)).length, category.slug).toBeGreaterThanOrEqual(10);
    }
    expect(products.filter((product) => /rhinestone/i.test(product.name)).length).toBeGreaterThanOrEqual(20);
  });

  it('builds exactly the same catalogue every time the module is loaded', async () => {
    vi.resetModules();
    const again = await import('./catalogue-data');
    expect(again.demoCatalogue).not.toBe(demoCatalogue);
    expect(again.demoCatalogue).toEqual(demoCatalogue);
  });
});

describe('demo product images', () => {
  const firstImage = products[0]?.images[0];
  if (!firstImage) throw new Error('The demo catalogue has no images');

  it('names files and URLs after the product, a 1-based image number and the size', () => {
    expect(demoImageFileName('gold-lace', 0, 'thumb')).toBe('gold-lace-1-thumb.webp');
    expect(demoImageUrl('gold-lace', 2)).toBe('/images/demo/gold-lace-3-full.webp');
    expect(demoImageUrl('gold-lace', 1, 'thumb')).toBe('/images/demo/gold-lace-2-thumb.webp');
    expect(demoImageUrl('gold-lace', 0, 'large')).toBe('/images/demo/gold-lace-1-large.webp');
    expect(IMAGE_SIZES.large).toBe(1600);
  });

  it('escapes XML in labels', () => {
    const svg = renderProductImageSvg({ ...firstImage, label: 'Bows & <Ties> "A"' }, 400);
    expect(svg).toContain('Bows &amp; &lt;Ties&gt; &quot;A&quot;');
    expect(svg).not.toContain('<Ties>');
  });

  it(
    'renders an image as a WebP of the right dimensions for each size',
    async () => {
      for (const size of ['thumb', 'full', 'large'] as const) {
        const buffer = await renderProductImage({ ...firstImage, label: 'Bows & <Ties>' }, size);
        const metadata = await sharp(buffer).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBe(IMAGE_SIZES[size]);
        expect(metadata.height).toBe(IMAGE_SIZES[size]);
      }
    },
    IMAGE_TIMEOUT_MS,
  );

  it(
    'generates every size of every image (the viewer’s 1600 px large one too) once and skips existing files on the next run',
    async () => {
      const [firstSubcategory] = demoCatalogue[0]?.subcategories ?? [];
      const twoProducts = demoCatalogue.flatMap((c) => c.subcategories.flatMap((s) => s.products)).slice(0, 2);
      expect(twoProducts).toHaveLength(2);
      const catalogue: SeedCategory[] = [
        {
          slug: 'test',
          name: 'Test',
          description: 'Two products',
          subcategories: [{ ...(firstSubcategory as NonNullable<typeof firstSubcategory>), products: twoProducts }],
        },
      ];
      const expected = twoProducts.reduce((sum, product) => sum + product.images.length * 3, 0);
      const outDir = path.join(await mkdtemp(path.join(tmpdir(), 'demo-images-')), 'nested', 'demo');
      try {
        const first = await generateDemoImages(outDir, catalogue, { concurrency: 2 });
        expect(first).toEqual({ written: expected, skipped: 0 });
        const files = (await readdir(outDir)).sort();
        const expectedFiles = twoProducts
          .flatMap((product) =>
            product.images.flatMap((_, index) => [
              demoImageFileName(product.slug, index, 'thumb'),
              demoImageFileName(product.slug, index, 'full'),
              demoImageFileName(product.slug, index, 'large'),
            ]),
          )
          .sort();
        expect(files).toEqual(expectedFiles);

        const second = await generateDemoImages(outDir, catalogue);
        expect(second).toEqual({ written: 0, skipped: expected });
      } finally {
        await rm(path.dirname(path.dirname(outDir)), { recursive: true, force: true });
      }
    },
    IMAGE_TIMEOUT_MS,
  );
});
