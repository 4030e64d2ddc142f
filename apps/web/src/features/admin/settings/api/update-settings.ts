import type { ShopSettingsAnswer, ShopSettingsInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { paymentConfigQuery } from '../../../payments';
import { shopInfoQueryKey } from '../../../shop-info';
import { adminSettingsKey, settingsChangesKey } from './get-settings';

/** PUT /api/settings (admin): the whole settings; answers them as stored. */
export const updateSettings = (settings: ShopSettingsInput) => api.put<ShopSettingsAnswer>('/api/settings', settings);

/**
 * Saves the settings; this tab's footer, contact page and checkout then ask for the new details
 * (other visitors' pages get them at their next load).
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminSettingsKey, answer);
      void queryClient.invalidateQueries({ queryKey: settingsChangesKey });
      void queryClient.invalidateQueries({ queryKey: shopInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: paymentConfigQuery.queryKey });
    },
  });
}
