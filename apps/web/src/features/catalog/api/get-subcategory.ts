import type { SubcategoryWithCategory } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { objectField } from '../../../lib/page-data';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

const subcategoryPath = (idOrSlug: string) => `/api/subcategories/${encodeURIComponent(idOrSlug)}`;

export async function getSubcategory(idOrSlug: string, signal?: AbortSignal): Promise<SubcategoryWithCategory> {
  const data = await api.get<{ subcategory: SubcategoryWithCategory }>(subcategoryPath(idOrSlug), { signal });
  return data.subcategory;
}

export const subcategoryQueryOptions = (idOrSlug: string) => {
  const queryKey = ['subcategories', idOrSlug];
  return queryOptions({
    queryKey,
    queryFn: savingAnswer((signal) => getSubcategory(idOrSlug, signal)),
    staleTime: 5 * 60_000,
    initialData: () =>
      embeddedAnswer(queryKey, subcategoryPath(idOrSlug), {}, objectField<SubcategoryWithCategory>('subcategory')),
  });
};

export const useSubcategory = (idOrSlug: string) => useCatalogueQuery(subcategoryQueryOptions(idOrSlug));
