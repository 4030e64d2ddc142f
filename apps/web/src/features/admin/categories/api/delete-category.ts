import { api } from '../../../../lib/api-client';

/** 409 CATEGORY_NOT_EMPTY while it still has subcategories or products. */
export const deleteCategory = (categoryId: string) =>
  api.delete<{ message: string }>(`/api/categories/${encodeURIComponent(categoryId)}`);
