import {
  CSV_LIST_SEPARATOR,
  CSV_MESSAGES,
  type CsvRowError,
  formatNaira,
  formatQuantity,
  isSaleUnit,
  PRODUCT_CSV_COLUMNS,
  type ProductImportResult,
  parseQuantity,
  productImportResultSchema,
  quantityText,
  SALE_UNITS,
  type SaleFields,
} from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TableHead } from '../../../../components/ui/table-head';
import { toast } from '../../../../components/ui/toaster';
import { ApiError } from '../../../../lib/api-client';
import { invalidateCatalogue } from '../../catalogue-cache';
import { AdminError } from '../../components/admin-error';
import { importProducts, type ProductImportFiles } from '../api/import-products';

const fileInputClasses =
  'block w-full text-sm text-stone-700 file:mr-3 file:rounded-full file:border file:border-wine-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-wine-800 hover:file:bg-wine-50 dark:text-stone-200 dark:file:border-wine-300 dark:file:bg-stone-900 dark:file:text-wine-200';

/** A folder holds more than pictures (a .DS_Store, the CSV itself); some systems give no type. */
const isPicture = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|webp|avif)$/i.test(file.name);

type PreviewRow = ProductImportResult['rows'][number] & Partial<Pick<SaleFields, 'unit' | 'packSize' | 'packItemName'>>;

/**
 * A preview row's stock in its unit ("12.5 yd", "40 packs (480 buttons)"). NOTE: the rows carry
 * `unit` (and a pack's size and items) only if the server adds them beside productImportResultSchema's
 * fields; without them the quantity is written as the CSV has it (12.5), never as a float's digits.
 */
export function previewStockText(row: PreviewRow): string {
  if (row.stock === null) return '—';
  const hundredths = parseQuantity(row.stock);
  if (hundredths === null) return String(row.stock);
  if (!isSaleUnit(row.unit)) return quantityText(hundredths);
  return formatQuantity(
    { unit: row.unit, packSize: row.packSize ?? null, packItemName: row.packItemName ?? null },
    hundredths,
  );
}

/**
 * A refused import answers with the same preview (400: rows with errors; 409 CATALOGUE_CHANGED:
 * rows whose product or subcategory changed since the preview): show it rather than only its
 * message. Its errors keep Import away until a new preview.
 */
function previewOf(error: unknown): ProductImportResult | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // Checked against the schema, but kept as sent: the schema would strip a row's unit fields.
  const parsed = productImportResultSchema.safeParse(error.body);
  return parsed.success ? (error.body as ProductImportResult) : undefined;
}

/**
 * Import products from a CSV (the export's columns): pick the file, and the images it names (a
 * folder or files, and/or a zip); Preview shows every row with its action and every error by
 * line and column; Import is offered only when no row has an error, and writes all rows or none.
 */
export function ImportCsvPanel({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<File>();
  const [folderImages, setFolderImages] = useState<File[]>([]);
  const [pickedImages, setPickedImages] = useState<File[]>([]);
  const [zip, setZip] = useState<File>();
  const [preview, setPreview] = useState<ProductImportResult>();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState<'preview' | 'import'>();
  const [fileError, setFileError] = useState<string>();

  const files = (): ProductImportFiles | undefined =>
    csv ? { file: csv, images: [...folderImages, ...pickedImages], zip } : undefined;

  // Any new pick makes the preview stale.
  const changed = () => {
    setPreview(undefined);
    setFailure(undefined);
  };

  const run = async (dryRun: boolean) => {
    const chosen = files();
    if (!chosen) {
      setFileError(CSV_MESSAGES.fileRequired);
      return;
    }
    setBusy(dryRun ? 'preview' : 'import');
    setFailure(undefined);
    try {
      const result = await importProducts(chosen, dryRun);
      if (dryRun) setPreview(result);
      else {
        toast.success(CSV_MESSAGES.imported(result.created, result.updated));
        await invalidateCatalogue(queryClient);
        onClose();
      }
    } catch (error) {
      const refused = previewOf(error);
      if (refused) setPreview(refused);
      else setFailure(error);
    } finally {
      setBusy(undefined);
    }
  };

  const errorsByLine = new Map<number, CsvRowError[]>();
  for (const error of preview?.errors ?? [])
    errorsByLine.set(error.line, [...(errorsByLine.get(error.line) ?? []), error]);
  const canImport = preview !== undefined && preview.errors.length === 0 && preview.rows.length > 0;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-linen-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Import products from a CSV file
      </h3>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        The columns of Export CSV: {PRODUCT_CSV_COLUMNS.join(', ')}. An empty id creates a product; an id of this shop
        updates it. Images are this shop's image URLs or file names of the images you add here, separated by “ | ”.
      </p>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300" data-testid="csv-units-help">
        How each product is sold: unit is one of {SALE_UNITS.join(', ')} (empty: piece); stock, step and minQuantity are
        quantities of that unit, such as 37.5 yards (step and minQuantity empty: 0.5 and 1 for a length, 1 otherwise);
        packSize (required for a pack) and packItemName, such as buttons, are for packs; priceBreaks lists a quantity
        and its price per unit, such as <code>10=1050{CSV_LIST_SEPARATOR}20=1000</code>. A file without these columns
        imports its rows as pieces.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-csv`} className="mb-1 block text-sm font-medium">
            CSV file
          </label>
          <input
            id={`${id}-csv`}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-csv-error` : undefined}
            className={fileInputClasses}
            onChange={(event) => {
              setCsv(event.target.files?.[0]);
              setFileError(undefined);
              changed();
            }}
          />
          {fileError && (
            <p id={`${id}-csv-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {fileError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-zip`} className="mb-1 block text-sm font-medium">
            Images in a zip (optional)
          </label>
          <input
            id={`${id}-zip`}
            type="file"
            accept=".zip,application/zip"
            className={fileInputClasses}
            onChange={(event) => {
              setZip(event.target.files?.[0]);
              changed();
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-folder`} className="mb-1 block text-sm font-medium">
            Images folder (optional)
          </label>
          <input
            id={`${id}-folder`}
            type="file"
            multiple
            ref={(input) => input?.setAttribute('webkitdirectory', '')}
            className={fileInputClasses}
            onChange={(event) => {
              setFolderImages(Array.from(event.target.files ?? []).filter(isPicture));
              changed();
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-images`} className="mb-1 block text-sm font-medium">
            Image files (optional)
          </label>
          <input
            id={`${id}-images`}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            className={fileInputClasses}
            onChange={(event) => {
              setPickedImages(Array.from(event.target.files ?? []));
              changed();
            }}
          />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => run(true)} disabled={busy !== undefined}>
          {busy === 'preview' ? 'Checking…' : 'Preview'}
        </Button>
        {canImport && (
          <Button onClick={() => run(false)} disabled={busy !== undefined}>
            {busy === 'import' ? 'Importing…' : `Import ${preview.rows.length} rows`}
          </Button>
        )}
        <Button variant="ghost" onClick={onClose} disabled={busy !== undefined}>
          Close
        </Button>
      </div>

      {failure !== undefined && (
        <div className="mt-4">
          <AdminError error={failure} />
        </div>
      )}

      {preview && (
        <div className="mt-6">
          <p role="status" className="text-sm font-medium">
            {preview.message}
          </p>
          {preview.errors.length > 0 && (
            <div
              role="alert"
              className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              <h4 className="font-semibold">Errors</h4>
              <ul className="mt-1 list-disc pl-5">
                {preview.errors.map((error) => (
                  <li key={`${error.line}-${error.column}-${error.message}`}>
                    Line {error.line}, {error.column}: {error.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="relative mt-3 overflow-x-auto rounded-xl border border-linen-200 dark:border-stone-800">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Import preview</caption>
              <TableHead
                className="bg-linen-100 dark:bg-stone-800"
                cellClassName="px-3 py-2"
                columns={['Line', 'Action', 'Name', 'Price', 'Stock', 'Errors']}
              />
              <tbody>
                {preview.rows.map((row) => {
                  const rowErrors = errorsByLine.get(row.line) ?? [];
                  return (
                    <tr
                      key={row.line}
                      className={`border-t border-linen-200 dark:border-stone-800 ${
                        rowErrors.length > 0 ? 'bg-red-50 dark:bg-red-950' : ''
                      }`}
                    >
                      <td className="px-3 py-2">{row.line}</td>
                      <td className="px-3 py-2 capitalize">{row.action}</td>
                      <td className="px-3 py-2">{row.name}</td>
                      <td className="px-3 py-2">{row.price === null ? '—' : formatNaira(row.price)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{previewStockText(row)}</td>
                      <td className="px-3 py-2 text-red-800 dark:text-red-200">
                        {rowErrors.map((error) => `${error.column}: ${error.message}`).join('; ')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
