import type { AdminUserUpdateRequest, User } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { adminUsersKey } from './get-users';

/** PUT /api/users/{id}: a new role, or active/disabled (disabling ends the user's sessions). */
export const updateUser = (id: string, changes: AdminUserUpdateRequest) =>
  api.put<{ message: string; user: User }>(`/api/users/${encodeURIComponent(id)}`, changes);

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminUserUpdateRequest }) => updateUser(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
