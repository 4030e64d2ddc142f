import type { LoginRequest, LoginResponse } from '@shop/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/login: the server sets the httpOnly session cookie; the token is not kept. */
export const login = (body: LoginRequest) => api.post<LoginResponse>('/api/users/login', body);
