import type { Subcategory, SubcategoryWrite } from '@shop/shared';
import { api } from '../../../../lib/api-client';

/** A new categoryId moves the subcategory to that category. */
export const updateSubcategory = (subcategoryId: string, body: SubcategoryWrite) =>
  api.put<{ message: string; subcategory: Subcategory }>(
    `/api/subcategories/${encodeURIComponent(subcategoryId)}`,
    body,
  );
