import type { ContactRequest } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ContactMessage = Omit<ContactRequest, 'subject'> & { subject?: string | null };

export function sendContactMessage(message: ContactMessage): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/contact', message);
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
