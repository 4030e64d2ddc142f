import type { Subscriber } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminSubscribersKey } from './get-subscribers';

/** PATCH /api/newsletter/subscribers/{id}: deactivate or reactivate a subscriber. */
export const updateSubscriber = (id: string, active: boolean) =>
  api.patch<{ message: string; subscriber: Subscriber }>(`/api/newsletter/subscribers/${encodeURIComponent(id)}`, {
    active,
  });

export const useUpdateSubscriber = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => updateSubscriber(id, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscribersKey }),
  });
};
