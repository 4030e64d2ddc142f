import type { Category } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const data = await api.get<{ categories: Category[] }>('/api/categories', { signal });
  return data.categories;
}

export const categoriesQueryOptions = () => {
  const queryKey = ['categories'];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getCategories(signal)),
    staleTime: 5 * 60_000,
    initialData: () => embeddedAnswer(queryKey, '/api/categories', {}, arrayField<Category>('categories')),
  });
};

export const useCategories = () => useCatalogueQuery(categoriesQueryOptions());
