import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CATEGORY_MESSAGES,
  CSV_IMPORT_LIMITS,
  CSV_LIST_SEPARATOR,
  CSV_MESSAGES,
  type CsvRowError,
  createProductRequestSchema,
  hundredthsToUnits,
  IMAGE_MESSAGES,
  koboToNaira,
  lagosDate,
  nairaToKobo,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductCsvColumn,
  type ProductImportResult,
  parsePriceBreaksCell,
  parseQuantity,
  priceBreaksCell,
  quantityText,
  RESERVED_PRODUCT_SLUGS,
  restoreCsvCell,
  SALE_TERMS_MESSAGES,
  SLUG_MESSAGES,
  SLUG_PATTERN,
  saleTermsFromInput,
  slugify,
} from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { Database, Transaction } from '../../db/client';
import { csvStream } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../storage';
import type { CatalogAdminRepository, ExportCursor, ProductValues, StoredProduct } from './catalog-admin.repository';
import { type CatalogAdminService, termsBeyondLineMax, type Upload } from './catalog-admin.service';
import { type ProcessedImage, processImage, uploadHashOf, uploadKeys } from './image-pipeline';

/**
 * The catalogue as CSV (issue 12 §4): the export, and the import that first previews every row's
 * errors by line and column, then writes all rows in one transaction or none. csv-parse and
 * csv-stringify read and write the format (quotes, commas and line breaks in cells); fflate
 * reads a zip of images, within limits that refuse a zip bomb before inflating it.
 */

/** Products the export reads at a time (one query each), written out before the next are read. */
export const EXPORT_BATCH = 500;
/** A zip of images: at most this many entries and bytes once inflated (checked from its directory first). */
export const ZIP_LIMITS = { entries: 2_000, totalBytes: 300 * 1024 * 1024 } as const;
const IMAGE_NAME = /\.(jpe?g|png|webp|avif)$/i;
const REQUIRED_COLUMNS: ProductCsvColumn[] = [
  'name',
  'description',
  'price',
  'stock',
  'category',
  'subcategory',
  'images',
];
const RESERVED = new Set<string>(RESERVED_PRODUCT_SLUGS);

export interface ImportFiles {
  csv?: Buffer;
  /** Image files sent beside the CSV (a picked folder). */
  images: Upload[];
  /** A zip of images. */
  zip?: Buffer;
}

type Row = ProductImportResult['rows'][number];

interface PlannedRow {
  line: number;
  action: Row['action'];
  id: string | null;
  values: ProductValues;
  /**
   * The product as the plan read it (an update's or an unchanged row's): the write checks it still
   * is, and an update lets go of the images it had.
   */
  stored?: StoredProduct;
}

const priceText = (priceKobo: number) => String(koboToNaira(priceKobo));
const specificationsText = (specifications: { name: string; value: string }[]) =>
  specifications.map((spec) => `${spec.name}: ${spec.value}`).join(CSV_LIST_SEPARATOR);

export function csvFileName(now = new Date()): string {
  return `products-${lagosDate(now)}.csv`;
}

function sameValues(a: ProductValues, b: ProductValues): boolean {
  return (
    a.name === b.name &&
    a.slug === b.slug &&
    a.description === b.description &&
    a.priceKobo === b.priceKobo &&
    a.stockHundredths === b.stockHundredths &&
    a.unit === b.unit &&
    a.stepHundredths === b.stepHundredths &&
    a.minHundredths === b.minHundredths &&
    a.packSize === b.packSize &&
    a.packItemName === b.packItemName &&
    sameBreaks(a.priceBreaks, b.priceBreaks) &&
    a.subcategoryId === b.subcategoryId &&
    a.isHotBuy === b.isHotBuy &&
    a.isNewlyAdded === b.isNewlyAdded &&
    JSON.stringify(a.specifications) === JSON.stringify(b.specifications) &&
    JSON.stringify(a.images) === JSON.stringify(b.images)
  );
}

/** Field by field: jsonb gives its keys back in its own order, so no JSON text comparison. */
function sameBreaks(a: ProductValues['priceBreaks'], b: ProductValues['priceBreaks']): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => line.minHundredths === b[i]?.minHundredths && line.priceKobo === b[i]?.priceKobo)
  );
}

/** `name: value | name: value` → the list (the first `: ` of each splits name from value). */
function parseSpecifications(text: string): { name: string; value: string }[] | undefined {
  if (text.trim() === '') return [];
  const list: { name: string; value: string }[] = [];
  for (const item of text.split(CSV_LIST_SEPARATOR)) {
    const at = item.indexOf(':');
    if (at < 0) return undefined;
    list.push({ name: item.slice(0, at).trim(), value: item.slice(at + 1).trim() });
  }
  return list;
}

export class CatalogCsv {
  /**
   * NOTE: a seam for tests, nothing in the shop sets it. It runs after the plan, before the write,
   * so a test can make there the change another admin could make at that moment.
   */
  beforeWrite: () => Promise<void> = async () => {};

  constructor(
    private readonly database: Database,
    private readonly repository: CatalogAdminRepository,
    private readonly admin: CatalogAdminService,
    private readonly storage: Storage,
    /** PUBLIC_URL without a trailing slash (app.publicAddress.url). */
    private readonly publicUrl?: string,
  ) {}

  // ---------- Export ----------

  /**
   * Every product, oldest first, one line each, streamed as it is read EXPORT_BATCH products at a
   * time, so a big catalogue never sits in memory whole; csvStream makes every cell inert for
   * spreadsheets. A byte-order mark first, so a spreadsheet opens the UTF-8 (₦, accents) as UTF-8.
   * `onError`: a failure once the download has begun (it ends short).
   */
  exportCsv(onError: (error: unknown) => void): Readable {
    return csvStream(PRODUCT_CSV_COLUMNS, this.exportRows(), onError, { bom: true });
  }

  /**
   * The export's rows, batch after batch (a keyset on created_at and id). NOTE: each batch is its
   * own read, not one snapshot: an edit made meanwhile shows in a later batch, but no product is
   * skipped or repeated, since an edit never changes created_at.
   */
  private async *exportRows(): AsyncGenerator<Record<ProductCsvColumn, string>> {
    let after: ExportCursor | null = null;
    for (;;) {
      const batch = await this.repository.exportBatch(after, EXPORT_BATCH);
      for (const product of batch.products) {
        yield {
          id: product.id,
          name: product.name,
          slug: product.slug,
          description: product.description,
          price: priceText(nairaToKobo(product.price) ?? 0),
          // Quantities as quantityText writes them (2.5, never 2.50), from the stored integers.
          stock: quantityText(product.stockHundredths),
          unit: product.terms.unit,
          step: quantityText(product.terms.stepHundredths),
          minQuantity: quantityText(product.terms.minHundredths),
          packSize: product.terms.packSize === null ? '' : String(product.terms.packSize),
          packItemName: product.terms.packItemName ?? '',
          priceBreaks: priceBreaksCell(product.terms.priceBreaks),
          category: product.categorySlug,
          subcategory: product.subcategory.slug,
          isHotBuy: String(product.isHotBuy),
          isNewlyAdded: String(product.isNewlyAdded),
          specifications: specificationsText(product.specifications),
          images: product.images.join(CSV_LIST_SEPARATOR),
        };
      }
      if (!batch.next || batch.products.length < EXPORT_BATCH) return;
      after = batch.next;
    }
  }

  // ---------- Import ----------

  async importCsv(files: ImportFiles, dryRun: boolean): Promise<ProductImportResult> {
    if (!files.csv || files.csv.length === 0)
      throw new AppError('INVALID_INPUT', CSV_MESSAGES.fileRequired, { errors: { file: CSV_MESSAGES.fileRequired } });
    if (files.csv.length > CSV_IMPORT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge);

    const records = this.readRecords(files.csv);
    const [header, ...rows] = records;
    const columns = (header?.cells ?? []).map((cell) => cell.trim());
    const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
    if (missing.length > 0) {
      throw this.refused(
        missing.map((column) => ({ line: 1, column, message: CSV_MESSAGES.missingColumn(column) })),
        [],
      );
    }
    const dataRows = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
    if (dataRows.length > CSV_IMPORT_LIMITS.maxRows) throw new AppError('INVALID_INPUT', CSV_MESSAGES.tooManyRows);

    const images = new ImageSource(this.sentFiles(files));
    const plan = await this.plan(dataRows, columns, images);
    const result: ProductImportResult = {
      message: plan.errors.length ? CSV_MESSAGES.previewHasErrors : CSV_MESSAGES.previewOk(plan.rows.length),
      applied: false,
      rows: plan.rows.map((row) => ({
        line: row.line,
        action: row.action,
        id: row.id,
        name: row.values.name,
        price: Number.isFinite(row.values.priceKobo) ? koboToNaira(row.values.priceKobo) : null,
        stock: Number.isFinite(row.values.stockHundredths) ? hundredthsToUnits(row.values.stockHundredths) : null,
      })),
      errors: plan.errors,
      created: plan.rows.filter((row) => row.action === 'create').length,
      updated: plan.rows.filter((row) => row.action === 'update').length,
    };
    if (plan.errors.length > 0) {
      if (dryRun) return result;
      throw this.refused(plan.errors, result.rows);
    }
    if (dryRun) return result;

    // Apply: the new images' files first, then every row in one transaction (or none).
    await this.beforeWrite();
    const changed = plan.rows.filter((row) => row.action !== 'unchanged');
    const newImages = images.used();
    let letGo: string[] = [];
    await this.admin.withStoredImages(newImages, async () => {
      await this.admin.transaction(
        async (tx) => {
          // The locks in the order an admin's edit takes them: pictures, products, subcategories.
          await this.admin.holdImageFiles(
            tx,
            changed.flatMap((row) => row.values.images),
            newImages,
          );
          const changes = await this.changesSincePlan(tx, plan.rows);
          if (changes.length > 0) throw this.outdated(changes, result.rows);
          for (const row of changed) {
            if (row.action === 'create') {
              const id = await this.repository.insertProduct(tx, row.values);
              const shown = result.rows.find((entry) => entry.line === row.line);
              if (shown) shown.id = id;
            } else if (row.id) {
              await this.repository.updateProduct(tx, row.id, row.values);
            }
          }
        },
        { longJob: true },
      );
      letGo = changed.flatMap((row) => (row.stored?.images ?? []).filter((url) => !row.values.images.includes(url)));
    });
    await this.admin.changed();
    await this.admin.removeUnusedImages(letGo);
    return {
      ...result,
      applied: true,
      message: CSV_MESSAGES.imported(result.created, result.updated),
    };
  }

  private refused(errors: CsvRowError[], rows: Row[]): AppError {
    return new AppError('INVALID_INPUT', CSV_MESSAGES.previewHasErrors, {
      extra: { applied: false, rows, errors, created: 0, updated: 0 },
    });
  }

  /** The 409 of a write that found the catalogue changed since the plan: the preview's shape, by row. */
  private outdated(changes: CsvRowError[], rows: Row[]): AppError {
    const [first] = changes as [CsvRowError, ...CsvRowError[]];
    const otherLines = new Set(changes.map((change) => change.line)).size - 1;
    return new AppError('CATALOGUE_CHANGED', CSV_MESSAGES.changedSincePreview(first.line, first.message, otherLines), {
      extra: { applied: false, rows, errors: changes, created: 0, updated: 0 },
    });
  }

  /**
   * Inside the write's transaction: locks every product the file names and holds the
   * subcategories it writes to (so neither can change before the commit), and lists the rows
   * whose product or subcategory is gone, or whose product is no longer what the plan read. The
   * plan ran outside the transaction; without this, a subcategory deleted meanwhile failed the
   * write on its foreign key (a 500), a product deleted meanwhile counted as updated, and one
   * edited meanwhile (or sold from) was overwritten with values the preview never compared.
   */
  private async changesSincePlan(tx: Transaction, rows: PlannedRow[]): Promise<CsvRowError[]> {
    const changes: CsvRowError[] = [];
    const named = rows.filter((row): row is PlannedRow & { stored: StoredProduct } => row.stored !== undefined);
    const now = new Map(
      (
        await this.repository.storedProducts(
          tx,
          named.map((row) => row.stored.id),
          { lock: true },
        )
      ).map((product) => [product.id, product]),
    );
    for (const row of named) {
      const product = now.get(row.stored.id);
      if (!product) changes.push({ line: row.line, column: 'id', message: CSV_MESSAGES.productDeleted });
      else if (!sameValues(product, row.stored) || product.categoryId !== row.stored.categoryId)
        changes.push({ line: row.line, column: 'id', message: CSV_MESSAGES.productChanged });
    }
    const written = rows.filter((row) => row.action !== 'unchanged');
    const subcategories = new Map(
      (await this.repository.holdSubcategories(tx, [...new Set(written.map((row) => row.values.subcategoryId))])).map(
        (subcategory) => [subcategory.id, subcategory],
      ),
    );
    for (const row of written) {
      const subcategory = subcategories.get(row.values.subcategoryId);
      if (!subcategory)
        changes.push({ line: row.line, column: 'subcategory', message: CSV_MESSAGES.subcategoryDeleted });
      else if (subcategory.categoryId !== row.values.categoryId)
        changes.push({ line: row.line, column: 'subcategory', message: CSV_MESSAGES.subcategoryMoved });
    }
    return changes.sort((a, b) => a.line - b.line);
  }

  /** The records with the line each starts on (header = line 1); a malformed file is one error. */
  private readRecords(csv: Buffer): { line: number; cells: string[] }[] {
    let parsed: { record: string[]; raw: string }[];
    try {
      parsed = parse(csv, {
        bom: true,
        raw: true,
        relax_column_count: true,
        max_record_size: 64 * 1024,
      }) as unknown as { record: string[]; raw: string }[];
    } catch (error) {
      const line = Number((error as { lines?: number }).lines) || 1;
      const reason = (error as Error).message.split(':')[0] ?? 'malformed';
      throw this.refused([{ line, column: 'file', message: `The CSV file could not be read (${reason})` }], []);
    }
    let line = 1;
    return parsed.map(({ record, raw }) => {
      const start = line;
      // The record's own line breaks (in quoted cells), not the one that ends it.
      line += (raw.replace(/\r?\n?$|\r$/, '').match(/\n/g)?.length ?? 0) + 1;
      return { line: start, cells: record };
    });
  }

  /** The image files sent, by their file name (a picked folder's paths and a zip's folders dropped). */
  private sentFiles(files: ImportFiles): Map<string, Buffer | AppError> {
    const byName = new Map<string, Buffer | AppError>();
    for (const file of files.images) byName.set(path.basename(file.filename.replaceAll('\\', '/')), file.bytes);
    if (files.zip) {
      let entries = 0;
      let total = 0;
      const tooMuch = () => new AppError('PAYLOAD_TOO_LARGE', 'The zip file holds too many or too large files');
      let unzipped: Record<string, Uint8Array>;
      try {
        unzipped = unzipSync(new Uint8Array(files.zip), {
          // Decided from the zip's directory, before anything is inflated: a zip bomb stops here.
          filter: (entry) => {
            const name = path.posix.basename(entry.name);
            if (entry.name.endsWith('/') || name.startsWith('.') || entry.name.includes('__MACOSX')) return false;
            if (!IMAGE_NAME.test(name)) return false;
            entries += 1;
            total += entry.originalSize;
            if (entries > ZIP_LIMITS.entries || total > ZIP_LIMITS.totalBytes) throw tooMuch();
            if (entry.originalSize > PRODUCT_IMAGE_MAX_BYTES) {
              byName.set(name, new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge));
              return false;
            }
            return true;
          },
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('INVALID_INPUT', 'The zip file could not be read', {
          errors: { zip: 'The zip file could not be read' },
        });
      }
      for (const [name, bytes] of Object.entries(unzipped)) byName.set(path.posix.basename(name), Buffer.from(bytes));
    }
    return byName;
  }

  private async plan(rows: { line: number; cells: string[] }[], columns: string[], images: ImageSource) {
    const errors: CsvRowError[] = [];
    const planned: PlannedRow[] = [];
    const cellOf = (cells: string[], column: ProductCsvColumn) => {
      const index = columns.indexOf(column);
      return index < 0 ? '' : restoreCsvCell(cells[index] ?? '');
    };
    const ids = rows.map((row) => cellOf(row.cells, 'id').trim()).filter(Boolean);
    const existing = new Map((await this.repository.storedProducts(this.database.db, ids)).map((p) => [p.id, p]));
    const subcategories = await this.repository.allSubcategories(this.database.db);
    const knownImages = await this.knownImageUrls();
    const slugsInFile = new Map<string, number>();
    const idsInFile = new Set<string>();

    for (const { line, cells } of rows) {
      const rowErrors: CsvRowError[] = [];
      const fail = (column: string, message: string) => rowErrors.push({ line, column, message });
      const cell = (column: ProductCsvColumn) => cellOf(cells, column);

      // The product it updates, if any.
      const id = cell('id').trim();
      let current: StoredProduct | undefined;
      if (id) {
        current = existing.get(id);
        if (!current) fail('id', CSV_MESSAGES.unknownProduct);
        else if (idsInFile.has(id)) fail('id', 'This product is already on an earlier line');
        idsInFile.add(id);
      }

      // The form's fields, through the form's own schema and messages.
      const specifications = parseSpecifications(cell('specifications'));
      if (!specifications) fail('specifications', PRODUCT_MESSAGES.specificationsInvalid);
      const flag = (column: 'isHotBuy' | 'isNewlyAdded') => {
        const value = cell(column).trim().toLowerCase();
        return value === '' ? undefined : value;
      };
      // How it is sold: a file without these columns (exported before units of sale) gives pieces.
      const priceBreaks = parsePriceBreaksCell(cell('priceBreaks'));
      if (!priceBreaks) fail('priceBreaks', SALE_TERMS_MESSAGES.breaksInvalid);
      const parsed = createProductRequestSchema.safeParse({
        name: cell('name'),
        description: cell('description'),
        price: cell('price'),
        stock: cell('stock'),
        unit: cell('unit').trim() || undefined,
        step: cell('step'),
        minQuantity: cell('minQuantity'),
        packSize: cell('packSize'),
        packItemName: cell('packItemName'),
        priceBreaks: priceBreaks ?? [],
        subcategoryId: 'from the category columns',
        specifications: specifications ?? [],
        isHotBuy: flag('isHotBuy'),
        isNewlyAdded: flag('isNewlyAdded'),
      });
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const column = String(issue.path[0] ?? 'name');
          if (column === 'priceBreaks' && !priceBreaks) continue;
          if (seen.has(column)) continue;
          seen.add(column);
          fail(column, issue.message);
        }
      }

      // Category and subcategory: slugs (as exported) or names.
      const categoryText = cell('category').trim();
      const subcategoryText = cell('subcategory').trim();
      const matches = (slug: string, name: string, text: string) =>
        slug === text || name.toLowerCase() === text.toLowerCase();
      const inCategory = subcategories.filter((s) => matches(s.categorySlug, s.categoryName, categoryText));
      const subcategory = inCategory.find((s) => matches(s.slug, s.name, subcategoryText));
      if (!categoryText) fail('category', PRODUCT_MESSAGES.categoryRequired);
      else if (inCategory.length === 0) fail('category', CSV_MESSAGES.unknownCategory);
      else if (!subcategoryText) fail('subcategory', PRODUCT_MESSAGES.subcategoryRequired);
      else if (!subcategory) fail('subcategory', CSV_MESSAGES.unknownSubcategory);

      // The slug: the admin's, else kept (update) or made from the name (create).
      const name = parsed.success ? parsed.data.name : cell('name').trim();
      let slug = cell('slug').trim();
      if (slug) {
        if (slug.length > 120 || !SLUG_PATTERN.test(slug)) fail('slug', CATEGORY_MESSAGES.slugInvalid);
        else if (RESERVED.has(slug)) fail('slug', SLUG_MESSAGES.reserved);
        else if (
          slugsInFile.has(slug) ||
          (slug !== current?.slug && (await this.repository.slugTaken(this.database.db, 'products', slug, current?.id)))
        )
          fail('slug', CATEGORY_MESSAGES.slugTaken);
      } else if (current) {
        slug = current.slug;
      } else {
        slug = await this.repository.freeSlug(
          this.database.db,
          'products',
          slugify(name, 'product'),
          new Set([...RESERVED, ...slugsInFile.keys()]),
        );
      }
      slugsInFile.set(slug, line);

      // Images: this shop's URLs, or names of files sent beside the CSV.
      const references = cell('images')
        .split(CSV_LIST_SEPARATOR.trim())
        .map((reference) => reference.trim())
        .filter(Boolean);
      const urls: string[] = [];
      if (references.length === 0) fail('images', PRODUCT_MESSAGES.imageRequired);
      else if (references.length > PRODUCT_LIMITS.imagesMax) fail('images', IMAGE_MESSAGES.tooMany);
      else {
        for (const reference of references) {
          const url = this.shopUrl(reference);
          if (url !== undefined) {
            if (knownImages.has(url) || (await this.isStoredUpload(url))) urls.push(url);
            else fail('images', CSV_MESSAGES.unknownImage(reference));
            continue;
          }
          const image = await images.get(reference);
          if (image instanceof AppError) fail('images', `${reference}: ${image.message}`);
          else if (!image) fail('images', CSV_MESSAGES.unknownImage(reference));
          else urls.push(image.url);
        }
      }

      const terms = parsed.success ? saleTermsFromInput(parsed.data) : undefined;
      if (terms) for (const [column, message] of Object.entries(termsBeyondLineMax(terms))) fail(column, message);
      const values: ProductValues = {
        name,
        slug,
        description: parsed.success ? parsed.data.description : cell('description'),
        priceKobo: parsed.success ? (nairaToKobo(parsed.data.price) ?? Number.NaN) : Number.NaN,
        stockHundredths: parsed.success ? (parseQuantity(parsed.data.stock) ?? Number.NaN) : Number.NaN,
        unit: terms?.unit ?? 'piece',
        stepHundredths: terms?.stepHundredths ?? Number.NaN,
        minHundredths: terms?.minHundredths ?? Number.NaN,
        packSize: terms?.packSize ?? null,
        packItemName: terms?.packItemName ?? null,
        priceBreaks: terms ? [...terms.priceBreaks] : [],
        images: [...new Set(urls)],
        specifications: parsed.success ? parsed.data.specifications : [],
        subcategoryId: subcategory?.id ?? '',
        categoryId: subcategory?.categoryId ?? '',
        isHotBuy: parsed.success ? parsed.data.isHotBuy : false,
        isNewlyAdded: parsed.success ? parsed.data.isNewlyAdded : false,
      };
      const action: Row['action'] = !current ? 'create' : sameValues(values, current) ? 'unchanged' : 'update';
      errors.push(...rowErrors);
      planned.push({ line, action, id: current?.id ?? null, values, stored: current });
    }
    return { rows: planned, errors };
  }

  /** A reference that names one of this shop's image URLs (a path, or an absolute URL of PUBLIC_URL). */
  private shopUrl(reference: string): string | undefined {
    if (reference.startsWith('/images/')) return reference;
    if (this.publicUrl && reference.startsWith(`${this.publicUrl}/images/`))
      return reference.slice(this.publicUrl.length);
    if (/^https?:\/\//i.test(reference)) return '';
    return undefined;
  }

  private async knownImageUrls(): Promise<Set<string>> {
    const found = await this.database.query<{ url: string }>(
      'SELECT DISTINCT jsonb_array_elements_text(images) AS url FROM products',
    );
    return new Set(found.map((row) => row.url));
  }

  private async isStoredUpload(url: string): Promise<boolean> {
    const hash = uploadHashOf(url);
    return hash ? this.storage.exists(uploadKeys(hash).full) : false;
  }
}

/** The files sent with an import, each checked and converted once, however many rows name it. */
class ImageSource {
  private readonly processed = new Map<string, Promise<ProcessedImage | AppError>>();
  private readonly accepted = new Map<string, ProcessedImage>();

  constructor(private readonly files: Map<string, Buffer | AppError>) {}

  async get(name: string): Promise<ProcessedImage | AppError | undefined> {
    const file = this.files.get(path.basename(name));
    if (file === undefined) return undefined;
    if (file instanceof AppError) return file;
    let pending = this.processed.get(name);
    if (!pending) {
      pending = processImage(file).catch((error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      });
      this.processed.set(name, pending);
    }
    const result = await pending;
    if (!(result instanceof AppError)) this.accepted.set(result.hash, result);
    return result;
  }

  /** The converted images some row refers to, each once. */
  used(): ProcessedImage[] {
    return [...this.accepted.values()];
  }
}
