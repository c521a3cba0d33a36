// The logged-in user as the whole app sees it: one cached answer of check-if-logged-in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, type SessionAnswer, type SessionUser } from '@contract/account';
import { call } from './api';
import { isApiError, retryUnlessRefused } from './api-client';

export type User = SessionUser;
export type { SessionAnswer };

export const sessionQueryKey = ['session'] as const;

/** Asks the server whether the session cookie belongs to a logged-in user. */
export async function checkSession(): Promise<SessionAnswer> {
  try {
    return await call(accountApi.sessionCheck, { body: {} });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { LoggedIn: false, api_result: 'user_not_logged_in' };
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: checkSession,
  retry: retryUnlessRefused,
  staleTime: 5 * 60_000,
});

export type Session =
  | { status: 'loading' }
  | { status: 'error'; error: Error; retry: () => void }
  /** `reason` is the server's api_result, e.g. 'successful_logout' right after logging out. */
  | { status: 'loggedOut'; reason?: string }
  | { status: 'loggedIn'; user: User };

/** The session state; 'loading' until the first check answers. */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  if (query.data)
    return query.data.LoggedIn
      ? { status: 'loggedIn', user: query.data.user }
      : { status: 'loggedOut', reason: query.data.api_result };
  if (query.error) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'loading' };
}

/** The logged-in user; only for screens under the logged-in routes, which guarantee a session. */
export function useUser(): User {
  const session = useSession();
  if (session.status !== 'loggedIn') throw new Error('useUser needs a logged-in session');
  return session.user;
}
