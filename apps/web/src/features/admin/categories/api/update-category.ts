import type { Category, CategoryWrite } from '@shop/shared';
import { api } from '../../../../lib/api-client';

export const updateCategory = (categoryId: string, body: CategoryWrite) =>
  api.put<{ message: string; category: Category }>(`/api/categories/${encodeURIComponent(categoryId)}`, body);
