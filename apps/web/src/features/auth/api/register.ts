import type { RegisterRequest, User } from '@shop/shared';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterRequest) =>
  api.post<{ message: string; user: User }>('/api/users/register', body);
