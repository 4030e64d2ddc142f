import type { Subcategory, SubcategoryWrite } from '@shop/shared';
import { api } from '../../../../lib/api-client';

export const createSubcategory = (body: SubcategoryWrite) =>
  api.post<{ message: string; subcategory: Subcategory }>('/api/subcategories', body);
