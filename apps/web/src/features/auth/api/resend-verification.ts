import { api } from '../../../lib/api-client';

/** Emails the signed-in customer a new verification link (limited: a few an hour). */
export const resendVerification = () => api.post<{ message: string }>('/api/users/resend-verification');
