import type { ShopSettingsAnswer, ShopSettingsChange } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const adminSettingsKey = ['admin', 'settings'] as const;
export const settingsChangesKey = ['admin', 'settings', 'changes'] as const;

/** GET /api/settings/admin (admin): the settings, with who changed them last and when. */
export const getAdminSettings = () => api.get<ShopSettingsAnswer>('/api/settings/admin');

// Another admin may have saved meanwhile: the form always starts from what is stored now.
export const useAdminSettings = () => useQuery({ queryKey: adminSettingsKey, queryFn: getAdminSettings, staleTime: 0 });

export type SettingsChangesPage = { changes: ShopSettingsChange[]; page: number; pageSize: number; total: number };

export const SETTINGS_CHANGES_PAGE_SIZE = 10;

/** GET /api/settings/changes (admin): the recorded saves, newest first. */
export const getSettingsChanges = (page: number) =>
  api.get<SettingsChangesPage>('/api/settings/changes', { params: { page, pageSize: SETTINGS_CHANGES_PAGE_SIZE } });

export const useSettingsChanges = (page: number) =>
  useQuery({
    queryKey: [...settingsChangesKey, page],
    queryFn: () => getSettingsChanges(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
