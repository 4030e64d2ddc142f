import type { ResetPasswordRequest } from '@shop/shared';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: ResetPasswordRequest) =>
  api.post<{ message: string }>('/api/users/reset-password', body);
