import type { ProfileUpdateRequest, User } from '@shop/shared';
import { api } from '../../../lib/api-client';

export const updateProfile = (body: ProfileUpdateRequest) =>
  api.put<{ message: string; user: User }>('/api/users/profile', body);
