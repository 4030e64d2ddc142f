import type { ForgotPasswordRequest } from '@shop/shared';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api.post<{ message: string }>('/api/users/request-reset', body);
