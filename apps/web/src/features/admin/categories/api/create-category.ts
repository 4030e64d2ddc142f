import type { Category, CategoryWrite } from '@shop/shared';
import { api } from '../../../../lib/api-client';

export const createCategory = (body: CategoryWrite) =>
  api.post<{ message: string; category: Category }>('/api/categories', body);
