import {
  type AdminProductPage,
  CATEGORY_MESSAGES,
  type Category,
  CSV_MESSAGES,
  categoryOrderSchema,
  categoryWriteSchema,
  createProductRequestSchema,
  IMAGE_MESSAGES,
  LINE_MAX_UNITS,
  MESSAGES,
  NEW_IMAGE_TOKEN_PREFIX,
  nairaToKobo,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type Product,
  parseQuantity,
  QUANTITY_MESSAGES,
  QUANTITY_SCALE,
  RESERVED_PRODUCT_SLUGS,
  SALE_TERMS_MESSAGES,
  type SaleTerms,
  SLUG_MESSAGES,
  SLUG_PATTERN,
  type Subcategory,
  saleTermsFromInput,
  slugify,
  subcategoryOrderSchema,
  subcategoryWriteSchema,
  updateProductRequestSchema,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Database, isUniqueViolation, type Transaction } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../storage';
import type { AdminProductFilter, CatalogAdminRepository, ProductValues, SlugTable } from './catalog-admin.repository';
import type { CatalogCache } from './catalog-cache';
import { type ProcessedImage, processImage, uploadHashOf, uploadKeys } from './image-pipeline';

/** A file of a multipart request, read into memory (within the route's limits). */
export interface Upload {
  field: string;
  filename: string;
  bytes: Buffer;
}

export const RESERVED_SLUGS: ReadonlySet<string> = new Set(RESERVED_PRODUCT_SLUGS);

/** zod's issues as the API's `errors` (field → first message), as the error handler does. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || 'request'] ??= issue.message;
  return errors;
}

/**
 * Terms the shared rules accept but no line could ever reach, which would also overflow the
 * integer columns: a step, a minimum or a break beyond the unit's line maximum (LINE_MAX_UNITS).
 * Field → message, as the form shows them; empty when the terms fit.
 */
export function termsBeyondLineMax(terms: SaleTerms): Record<string, string> {
  const most = LINE_MAX_UNITS[terms.unit] * QUANTITY_SCALE;
  const errors: Record<string, string> = {};
  if (terms.stepHundredths > most) errors.step = SALE_TERMS_MESSAGES.stepInvalid;
  if (terms.minHundredths > most) errors.minQuantity = QUANTITY_MESSAGES.overLineMax(terms);
  if (terms.priceBreaks.some((line) => line.minHundredths > most))
    errors.priceBreaks = QUANTITY_MESSAGES.overLineMax(terms);
  return errors;
}

/** The write's integer terms, or a 400 under the field when they reach past the line maximum. */
function checkTermsFit(input: z.output<typeof createProductRequestSchema>): SaleTerms {
  const terms = saleTermsFromInput(input);
  const beyond = termsBeyondLineMax(terms);
  if (Object.keys(beyond).length > 0) throw invalid(beyond);
  return terms;
}

export function invalid(errors: Record<string, string>): AppError {
  return new AppError('INVALID_INPUT', Object.values(errors)[0] ?? MESSAGES.invalidInput, { errors });
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** An admin's slug: the slug pattern, and for products none of the reserved words. */
export function checkSlug(slug: unknown, table: SlugTable): string | undefined {
  if (slug === undefined || slug === '') return undefined;
  if (typeof slug !== 'string' || slug.length > 120 || !SLUG_PATTERN.test(slug))
    throw invalid({ slug: CATEGORY_MESSAGES.slugInvalid });
  if (table === 'products' && RESERVED_SLUGS.has(slug)) throw invalid({ slug: SLUG_MESSAGES.reserved });
  return slug;
}

const slugTaken = () =>
  new AppError('SLUG_TAKEN', CATEGORY_MESSAGES.slugTaken, { errors: { slug: CATEGORY_MESSAGES.slugTaken } });

/**
 * The admin's catalogue writes (issue 12): products with their images, categories and
 * subcategories. Every write commits, then clears this process's catalogue cache at once; the
 * triggers of migration 0002 tell every other process at the commit.
 */
export class CatalogAdminService {
  constructor(
    private readonly database: Database,
    private readonly repository: CatalogAdminRepository,
    private readonly storage: Storage,
    private readonly cache: CatalogCache,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * One transaction; a slug that lost a race to a concurrent write is SLUG_TAKEN. `longJob` (a
   * CSV import of thousands of rows) gives its statements a job's bound, not a request's.
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>, { longJob = false } = {}): Promise<T> {
    try {
      return await this.database.db.transaction(async (tx) => {
        if (longJob) await this.database.boundAsJob(tx);
        return work(tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  /** After a commit: this process's cache now (the others hear the NOTIFY of the commit). */
  async changed() {
    await this.cache.invalidate();
  }

  // ---------- Products ----------

  async listProducts(filter: AdminProductFilter): Promise<AdminProductPage> {
    const { products, total } = await this.repository.listProducts(filter);
    return { products, total, page: filter.page, pageSize: filter.pageSize };
  }

  async createProduct(fields: Record<string, unknown>, uploads: Upload[]): Promise<Product> {
    const input = parse(createProductRequestSchema, fields);
    checkTermsFit(input);
    const slug = checkSlug(fields.slug, 'products');
    if (uploads.length === 0) throw invalid({ images: PRODUCT_MESSAGES.imageRequired });
    if (uploads.length > PRODUCT_LIMITS.imagesMax) throw invalid({ images: IMAGE_MESSAGES.tooMany });
    const subcategory = await this.repository.subcategory(this.database.db, input.subcategoryId);
    if (!subcategory) throw invalid({ subcategoryId: MESSAGES.subcategoryNotFound });

    const images = await this.processAll(uploads);
    const urls = unique(images.map((image) => image.url));
    return this.withStoredImages(images, async () => {
      const id = await this.transaction(async (tx) => {
        await this.holdImageFiles(tx, urls, images);
        if (!(await this.repository.holdSubcategory(tx, subcategory.id)))
          throw invalid({ subcategoryId: MESSAGES.subcategoryNotFound });
        if (slug && (await this.repository.slugTaken(tx, 'products', slug))) throw slugTaken();
        return this.repository.insertProduct(tx, {
          ...this.values(input, subcategory),
          slug:
            slug ?? (await this.repository.freeSlug(tx, 'products', slugify(input.name, 'product'), RESERVED_SLUGS)),
          images: urls,
        });
      });
      await this.changed();
      return this.mustFind(id);
    });
  }

  async updateProduct(id: string, fields: Record<string, unknown>, uploads: Upload[]): Promise<Product> {
    if (!(await this.repository.product(this.database.db, id))) throw notFound(MESSAGES.productNotFound);
    const input = parse(updateProductRequestSchema, fields);
    checkTermsFit(input);
    const slug = checkSlug(fields.slug, 'products');
    const order = parseImageOrder(fields.imageOrder, uploads.length);
    if (uploads.length > PRODUCT_LIMITS.imagesMax) throw invalid({ images: IMAGE_MESSAGES.tooMany });
    const kept = order ? order.filter((entry): entry is string => typeof entry === 'string') : input.existingImages;
    const finalCount = order ? order.length : kept.length + uploads.length;
    if (finalCount === 0) throw invalid({ images: PRODUCT_MESSAGES.imageRequired });
    if (finalCount > PRODUCT_LIMITS.imagesMax) throw invalid({ images: IMAGE_MESSAGES.tooMany });
    const subcategory = await this.repository.subcategory(this.database.db, input.subcategoryId);
    if (!subcategory) throw invalid({ subcategoryId: MESSAGES.subcategoryNotFound });

    const images = await this.processAll(uploads);
    let removed: string[] = [];
    const product = await this.withStoredImages(images, async () => {
      const newUrls = images.map((image) => image.url);
      const urls = unique(
        order
          ? order.map((entry) => (typeof entry === 'string' ? entry : (newUrls[entry] as string)))
          : [...kept, ...newUrls],
      );
      await this.transaction(async (tx) => {
        // Pictures before the product row, in the order every writer takes them.
        await this.holdImageFiles(tx, urls, images);
        const current = await this.repository.lockProduct(tx, id);
        if (!current) throw notFound(MESSAGES.productNotFound);
        if (!(await this.repository.holdSubcategory(tx, subcategory.id)))
          throw invalid({ subcategoryId: MESSAGES.subcategoryNotFound });
        const field = order ? 'imageOrder' : 'existingImages';
        if (kept.some((url) => !current.images.includes(url)))
          throw invalid({ [field]: IMAGE_MESSAGES.unknownExisting });
        if (slug && slug !== current.slug && (await this.repository.slugTaken(tx, 'products', slug, id)))
          throw slugTaken();
        await this.repository.updateProduct(tx, id, {
          ...this.values(input, subcategory),
          slug: slug ?? current.slug,
          images: urls,
        });
        removed = current.images.filter((url) => !urls.includes(url));
      });
      await this.changed();
      return this.mustFind(id);
    });
    await this.removeUnusedImages(removed);
    return product;
  }

  async deleteProduct(id: string): Promise<void> {
    const images = await this.transaction((tx) => this.repository.deleteProduct(tx, id));
    if (!images) throw notFound(MESSAGES.productNotFound);
    await this.changed();
    await this.removeUnusedImages(images);
  }

  private values(
    input: z.output<typeof createProductRequestSchema>,
    subcategory: Subcategory,
  ): Omit<ProductValues, 'slug' | 'images'> {
    // Integers from here on (units.ts): the schema has checked the terms go with the price and stock.
    // A new unit on a product with open orders is fine: each order line keeps its own snapshot.
    const terms = checkTermsFit(input);
    return {
      name: input.name,
      description: input.description,
      priceKobo: nairaToKobo(input.price) ?? 0,
      stockHundredths: parseQuantity(input.stock) ?? 0,
      unit: terms.unit,
      stepHundredths: terms.stepHundredths,
      minHundredths: terms.minHundredths,
      packSize: terms.packSize,
      packItemName: terms.packItemName,
      priceBreaks: [...terms.priceBreaks],
      specifications: input.specifications,
      subcategoryId: subcategory.id,
      categoryId: subcategory.categoryId,
      isHotBuy: input.isHotBuy,
      isNewlyAdded: input.isNewlyAdded,
    };
  }

  private async mustFind(id: string): Promise<Product> {
    const product = await this.repository.product(this.database.db, id);
    if (!product) throw notFound(MESSAGES.productNotFound);
    return product;
  }

  // ---------- Images ----------

  /** Every upload checked and converted before anything is written; the first refusal stops all. */
  async processAll(uploads: Upload[]): Promise<ProcessedImage[]> {
    const images: ProcessedImage[] = [];
    // One at a time: a 50-megapixel picture takes ~200 MB to decode, and the machine is small.
    for (const upload of uploads) images.push(await processImage(upload.bytes));
    return images;
  }

  /**
   * Writes the images' files, then runs `write` (the transaction). Should it fail, the files it
   * wrote are removed again unless something already used them: a refused write leaves no file.
   */
  async withStoredImages<T>(images: ProcessedImage[], write: () => Promise<T>): Promise<T> {
    const written: string[] = [];
    try {
      for (const image of images) {
        for (const file of image.files) await this.storage.put(file.key, file.bytes, 'image/webp');
        written.push(image.url);
      }
      return await write();
    } catch (error) {
      await this.removeUnusedImages(written);
      throw error;
    }
  }

  /**
   * Inside a writer's transaction, before it stores image URLs: holds their files until it
   * commits, and puts back any of `images` that a remover deleted between withStoredImages
   * writing them and this lock (the same picture's last other use was removed meanwhile). Files
   * are named by content, so putting one back writes the same bytes.
   */
  async holdImageFiles(tx: Transaction, urls: string[], images: ProcessedImage[] = []): Promise<void> {
    const hashes = urls.map(uploadHashOf).filter((hash): hash is string => hash !== undefined);
    await this.repository.lockImageFiles(tx, hashes);
    for (const image of images) {
      for (const file of image.files) {
        if (!(await this.storage.exists(file.key))) await this.storage.put(file.key, file.bytes, 'image/webp');
      }
    }
  }

  /**
   * Deletes the files of uploaded images no product and no order line refers to any more (an
   * old order keeps showing its picture). Demo images are never touched. Each check and delete
   * holds the file's lock, so a writer storing the same picture meanwhile either commits first
   * (and the file is in use) or puts the file back (holdImageFiles). A failure is logged: an
   * unused file is harmless, a missing one is not.
   */
  async removeUnusedImages(urls: string[]): Promise<void> {
    for (const url of unique(urls)) {
      const hash = uploadHashOf(url);
      if (!hash) continue;
      try {
        await this.database.db.transaction(async (tx) => {
          await this.repository.lockImageFiles(tx, [hash]);
          if (await this.repository.imageInUse(url, tx)) return;
          // Every rendition, the large one too (an older upload has none: deleting it is a no-op).
          for (const key of Object.values(uploadKeys(hash))) await this.storage.delete(key);
        });
      } catch (error) {
        this.log.warn({ err: error, url }, 'could not remove an unused image');
      }
    }
  }

  // ---------- Categories ----------

  async createCategory(body: unknown): Promise<Category> {
    const input = parse(categoryWriteSchema, body);
    const category = await this.transaction(async (tx) => {
      if (input.slug && (await this.repository.slugTaken(tx, 'categories', input.slug))) throw slugTaken();
      const slug = input.slug ?? (await this.repository.freeSlug(tx, 'categories', slugify(input.name, 'category')));
      return this.repository.insertCategory(tx, { name: input.name, description: input.description, slug });
    });
    await this.changed();
    return { ...category, subcategories: [] };
  }

  async updateCategory(id: string, body: unknown): Promise<Category> {
    const input = parse(categoryWriteSchema, body);
    await this.transaction(async (tx) => {
      const current = await this.repository.category(tx, id);
      if (!current) throw notFound(MESSAGES.categoryNotFound);
      const slug = input.slug ?? current.slug;
      if (slug !== current.slug && (await this.repository.slugTaken(tx, 'categories', slug, id))) throw slugTaken();
      await this.repository.updateCategory(tx, id, { name: input.name, description: input.description, slug });
    });
    await this.changed();
    const category = await this.repository.category(this.database.db, id);
    if (!category) throw notFound(MESSAGES.categoryNotFound);
    return { ...category, subcategories: await this.repository.subcategoriesOf(this.database.db, id) };
  }

  async deleteCategory(id: string): Promise<void> {
    await this.transaction(async (tx) => {
      if (!(await this.repository.lockForDelete(tx, 'categories', id))) throw notFound(MESSAGES.categoryNotFound);
      const counts = await this.repository.counts(tx, 'category_id', id);
      if (counts.products > 0) throw new AppError('CATEGORY_NOT_EMPTY', CATEGORY_MESSAGES.categoryHasProducts);
      if (counts.subcategories > 0)
        throw new AppError('CATEGORY_NOT_EMPTY', CATEGORY_MESSAGES.categoryHasSubcategories);
      await this.repository.deleteCategory(tx, id);
    });
    await this.changed();
  }

  async reorderCategories(body: unknown): Promise<void> {
    const { ids } = parse(categoryOrderSchema, body);
    await this.transaction(async (tx) => {
      const all = await this.repository.categoryIds(tx);
      if (!samePermutation(ids, all)) throw invalid({ ids: 'ids must name every category once' });
      await this.repository.setPositions(tx, 'categories', ids);
    });
    await this.changed();
  }

  // ---------- Subcategories ----------

  async createSubcategory(body: unknown): Promise<Subcategory> {
    const input = parse(subcategoryWriteSchema, body);
    const subcategory = await this.transaction(async (tx) => {
      if (!(await this.repository.holdCategory(tx, input.categoryId)))
        throw invalid({ categoryId: CSV_MESSAGES.unknownCategory });
      if (input.slug && (await this.repository.slugTaken(tx, 'subcategories', input.slug))) throw slugTaken();
      const slug =
        input.slug ?? (await this.repository.freeSlug(tx, 'subcategories', slugify(input.name, 'subcategory')));
      return this.repository.insertSubcategory(tx, { ...input, slug });
    });
    await this.changed();
    return subcategory;
  }

  async updateSubcategory(id: string, body: unknown): Promise<Subcategory> {
    const input = parse(subcategoryWriteSchema, body);
    await this.transaction(async (tx) => {
      const current = await this.repository.subcategory(tx, id);
      if (!current) throw notFound(MESSAGES.subcategoryNotFound);
      if (!(await this.repository.holdCategory(tx, input.categoryId)))
        throw invalid({ categoryId: CSV_MESSAGES.unknownCategory });
      const slug = input.slug ?? current.slug;
      if (slug !== current.slug && (await this.repository.slugTaken(tx, 'subcategories', slug, id))) throw slugTaken();
      await this.repository.updateSubcategory(
        tx,
        id,
        { name: input.name, description: input.description, categoryId: input.categoryId, slug },
        input.categoryId !== current.categoryId,
      );
    });
    await this.changed();
    const subcategory = await this.repository.subcategory(this.database.db, id);
    if (!subcategory) throw notFound(MESSAGES.subcategoryNotFound);
    return subcategory;
  }

  async deleteSubcategory(id: string): Promise<void> {
    await this.transaction(async (tx) => {
      if (!(await this.repository.lockForDelete(tx, 'subcategories', id))) throw notFound(MESSAGES.subcategoryNotFound);
      const counts = await this.repository.counts(tx, 'subcategory_id', id);
      if (counts.products > 0) throw new AppError('CATEGORY_NOT_EMPTY', CATEGORY_MESSAGES.subcategoryHasProducts);
      await this.repository.deleteSubcategory(tx, id);
    });
    await this.changed();
  }

  async reorderSubcategories(body: unknown): Promise<void> {
    const { categoryId, ids } = parse(subcategoryOrderSchema, body);
    await this.transaction(async (tx) => {
      if (!(await this.repository.category(tx, categoryId))) throw notFound(MESSAGES.categoryNotFound);
      const all = await this.repository.subcategoryIds(tx, categoryId);
      if (!samePermutation(ids, all)) throw invalid({ ids: 'ids must name every subcategory of the category once' });
      await this.repository.setPositions(tx, 'subcategories', ids);
    });
    await this.changed();
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function samePermutation(ids: string[], all: string[]): boolean {
  return ids.length === all.length && new Set(ids).size === ids.length && all.every((id) => ids.includes(id));
}

/**
 * `imageOrder`: a JSON list of kept URLs and `new:<n>` tokens, each new file named once. Absent:
 * undefined (existingImages, then the new files, is the order).
 */
export function parseImageOrder(value: unknown, newCount: number): (string | number)[] | undefined {
  if (value === undefined || value === '') return undefined;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = undefined;
    }
  }
  const wrong = () => invalid({ imageOrder: 'imageOrder must list kept image URLs and new:<n> for each new image' });
  if (!Array.isArray(list) || list.length > PRODUCT_LIMITS.imagesMax * 2) throw wrong();
  const entries = list.map((entry) => {
    if (typeof entry !== 'string' || entry.length === 0 || entry.length > 500) throw wrong();
    if (!entry.startsWith(NEW_IMAGE_TOKEN_PREFIX)) return entry;
    const index = entry.slice(NEW_IMAGE_TOKEN_PREFIX.length);
    if (!/^\d{1,2}$/.test(index) || Number(index) >= newCount) throw wrong();
    return Number(index);
  });
  const news = entries.filter((entry) => typeof entry === 'number');
  if (new Set(news).size !== news.length || news.length !== newCount) throw wrong();
  return entries;
}
