import { api } from '../../../../lib/api-client';

/** 409 CATEGORY_NOT_EMPTY while it still has products. */
export const deleteSubcategory = (subcategoryId: string) =>
  api.delete<{ message: string }>(`/api/subcategories/${encodeURIComponent(subcategoryId)}`);
