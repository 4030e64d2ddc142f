import { api } from '../../../lib/api-client';

/** POST /api/users/logout: ends the session on the server and clears the cookie. */
export const logout = () => api.post<{ message: string }>('/api/users/logout');
