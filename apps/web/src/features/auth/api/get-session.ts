import type { User } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * Who the session cookie belongs to, or null. GET /api/users/session answers a guest with
 * `{user: null}` rather than verify's 401, so a guest's visit logs no failed request. Any
 * failure means logged out; SPEC.md §7 wants it logged only, with no message on screen.
 */
export async function getSession(): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User | null }>('/api/users/session');
    return user;
  } catch (error) {
    console.info('Session check failed; continuing logged out.', error instanceof Error ? error.message : error);
    return null;
  }
}

export const sessionQueryKey = ['session'] as const;
