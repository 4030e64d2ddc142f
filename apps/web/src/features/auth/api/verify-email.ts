import type { User, VerifyEmailRequest } from '@shop/shared';
import { api } from '../../../lib/api-client';

/** Opens an emailed verification link: its token, read from the link's fragment. */
export const verifyEmail = (body: VerifyEmailRequest) =>
  api.post<{ message: string; user: User }>('/api/users/verify-email', body);
