import type { ProductImportResult } from '@shop/shared';
import { api } from '../../../../lib/api-client';

export const PRODUCTS_EXPORT_URL = '/api/products/export.csv';

export type ProductImportFiles = { file: File; images: File[]; zip?: File };

/**
 * POST /api/products/import: with `dryRun` the server only checks every row (the preview);
 * without it, it writes all rows in one transaction or none.
 */
export function importProducts({ file, images, zip }: ProductImportFiles, dryRun: boolean) {
  const body = new FormData();
  body.append('file', file, file.name);
  // A folder's files carry their folder in webkitRelativePath; the CSV names them by file name.
  for (const image of images) body.append('images', image, image.name);
  if (zip) body.append('zip', zip, zip.name);
  return api.post<ProductImportResult>('/api/products/import', body, {
    params: dryRun ? { dryRun: 'true' } : undefined,
  });
}
