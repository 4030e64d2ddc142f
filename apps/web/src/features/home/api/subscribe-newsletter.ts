import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function subscribeToNewsletter(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/newsletter/subscribe', { email });
}

export const useSubscribeToNewsletter = () => useMutation({ mutationFn: subscribeToNewsletter });
