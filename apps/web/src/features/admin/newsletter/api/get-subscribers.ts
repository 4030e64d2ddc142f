import type { SubscriberPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export type SubscriberFilters = { search?: string; active?: string; page: number };

/** GET /api/newsletter/subscribers (admin): a page of subscribers, by email and active or not. */
export const getSubscribers = (filters: SubscriberFilters) =>
  api.get<SubscriberPage>('/api/newsletter/subscribers', { params: filters });

export const adminSubscribersKey = ['admin', 'subscribers'] as const;

export const useSubscribers = (filters: SubscriberFilters) =>
  useQuery({
    queryKey: [...adminSubscribersKey, filters],
    queryFn: () => getSubscribers(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/newsletter/subscribers/export.csv: the subscribers of the list's filters (status, search) as a CSV download. */
export function subscriberExportHref(filters: { active?: string; search?: string }): string {
  const params = new URLSearchParams();
  if (filters.active) params.set('active', filters.active);
  if (filters.search) params.set('search', filters.search);
  const query = params.toString();
  return `/api/newsletter/subscribers/export.csv${query ? `?${query}` : ''}`;
}
