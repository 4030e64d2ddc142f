import type { UserPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export type UserFilters = { search?: string; role?: string; active?: string; page: number };

/** GET /api/users (admin): a page of accounts, by name or email, role and status. */
export const getUsers = (filters: UserFilters) => api.get<UserPage>('/api/users', { params: filters });

export const adminUsersKey = ['admin', 'users'] as const;

export const useUsers = (filters: UserFilters) =>
  useQuery({
    queryKey: [...adminUsersKey, filters],
    queryFn: () => getUsers(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
