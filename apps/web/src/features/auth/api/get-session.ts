import type { User } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * GET /api/users/verify: who the session cookie belongs to. Any failure (401, network) means
 * logged out; SPEC.md §7 wants it logged only, with no message on screen.
 */
export async function getSession(): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User }>('/api/users/verify');
    return user;
  } catch (error) {
    console.info('Session check failed; continuing logged out.', error instanceof Error ? error.message : error);
    return null;
  }
}

export const sessionQueryKey = ['session'] as const;
