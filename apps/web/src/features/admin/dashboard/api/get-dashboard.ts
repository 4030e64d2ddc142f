import type { Dashboard } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/admin/dashboard: sales of the last 30 days, orders by status, top products, low stock. */
export const getDashboard = () => api.get<Dashboard>('/api/admin/dashboard');

export const useDashboard = () => useQuery({ queryKey: ['admin', 'dashboard'], queryFn: getDashboard, staleTime: 0 });
