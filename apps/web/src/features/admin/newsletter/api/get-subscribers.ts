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

/** GET /api/newsletter/subscribers/export.csv: the subscribers (active or not, or all) as a CSV download. */
export function subscriberExportHref(active?: string): string {
  return active ? `/api/newsletter/subscribers/export.csv?active=${active}` : '/api/newsletter/subscribers/export.csv';
}
