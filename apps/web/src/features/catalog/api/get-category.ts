import type { Category } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { objectField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

const categoryPath = (idOrSlug: string) => `/api/categories/${encodeURIComponent(idOrSlug)}`;

export async function getCategory(idOrSlug: string, signal?: AbortSignal): Promise<Category> {
  const data = await api.get<{ category: Category }>(categoryPath(idOrSlug), { signal });
  return data.category;
}

export const categoryQueryOptions = (idOrSlug: string) => {
  const queryKey = ['categories', idOrSlug];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getCategory(idOrSlug, signal)),
    staleTime: 5 * 60_000,
    initialData: () => embeddedAnswer(queryKey, categoryPath(idOrSlug), {}, objectField<Category>('category')),
  });
};

export const useCategory = (idOrSlug: string) => useCatalogueQuery(categoryQueryOptions(idOrSlug));
