import type { LoginRequest, User } from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, onSessionEnded } from '../../lib/api-client';
import { getSession, sessionQueryKey } from './api/get-session';
import { login as loginCall } from './api/login';
import { logout as logoutCall } from './api/logout';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /** True while the start-up check or a login is in flight (SPEC.md §4). */
  isLoading: boolean;
  isAdmin: boolean;
  login(credentials: LoginRequest): Promise<User>;
  logout(): Promise<void>;
  /** Replace the user after a change (profile saved), or forget it (the session ended). */
  setUser(user: User | null): void;
}

// Without a provider (isolated component tests) everyone is a guest.
const guest: SessionValue = {
  status: 'unauthenticated',
  user: null,
  isLoading: false,
  isAdmin: false,
  login: async () => {
    throw new Error('SessionProvider is missing');
  },
  logout: async () => {},
  setUser: () => {},
};

const SessionContext = createContext<SessionValue>(guest);

/**
 * The session, checked once at start-up with GET /api/users/verify. The token lives only in
 * the httpOnly cookie (docs/decisions/004): this holds the user, never a token.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loggingIn, setLoggingIn] = useState(false);
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const setUser = useCallback((user: User | null) => queryClient.setQueryData(sessionQueryKey, user), [queryClient]);

  // A 401 from any query means the session ended elsewhere (logout on another tab, a password
  // reset, an admin disabling the account): forget the user, and the guards take over.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error = event.action.error;
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED' && queryClient.getQueryData(sessionQueryKey))
          setUser(null);
      }),
    [queryClient, setUser],
  );
  // A write refused the same way: the API client says so once for every form.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (queryClient.getQueryData(sessionQueryKey)) setUser(null);
      }),
    [queryClient, setUser],
  );

  const login = useCallback(
    async (credentials: LoginRequest) => {
      setLoggingIn(true);
      try {
        const { user } = await loginCall(credentials);
        setUser(user);
        return user;
      } finally {
        setLoggingIn(false);
      }
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      console.info('Logout request failed; clearing the session here anyway.', error);
    }
    setUser(null);
    // Nothing of the last user stays in the cache (orders, profile).
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient, setUser]);

  const value = useMemo<SessionValue>(() => {
    const user = query.data ?? null;
    const status: SessionStatus = query.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';
    return {
      status,
      user,
      isLoading: query.isPending || loggingIn,
      isAdmin: user?.role === 'ADMIN',
      login,
      logout,
      setUser,
    };
  }, [query.data, query.isPending, loggingIn, login, logout, setUser]);

  // The start-up check usually answers while a page drawn on the server is still being hydrated
  // (decision 017). A context that changes at that moment makes React hydrate the rest of the
  // page at once, in one long task (~300 ms on a slow phone); the answer is passed on in a
  // transition instead, which React splits into short tasks. Later changes (login, logout) pass
  // at once: a guard must never see the user of before.
  const deferred = useDeferredValue(value);
  const provided = value.status !== 'loading' && deferred.status === 'loading' ? deferred : value;

  return <SessionContext.Provider value={provided}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  return useContext(SessionContext);
}
