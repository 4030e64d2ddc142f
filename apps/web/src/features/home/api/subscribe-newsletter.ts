import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const NEWSLETTER_SUBSCRIBED = 'Successfully subscribed to our newsletter!';
export const NEWSLETTER_FAILED = 'Failed to subscribe. Please try again later.';

export function subscribeToNewsletter(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/newsletter/subscribe', { email });
}

export const useSubscribeToNewsletter = () => useMutation({ mutationFn: subscribeToNewsletter });
