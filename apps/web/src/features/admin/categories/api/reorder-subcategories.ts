import { api } from '../../../../lib/api-client';

/** Every subcategory of that category, in the new order. */
export const reorderSubcategories = (categoryId: string, ids: string[]) =>
  api.put<{ message: string }>('/api/subcategories/order', { categoryId, ids });
