import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminUsersKey } from './get-users';

/** DELETE /api/users/{id}. */
export const deleteUser = (id: string) => api.delete<{ message: string }>(`/api/users/${encodeURIComponent(id)}`);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
