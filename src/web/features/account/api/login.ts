import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@contract/account';
import { call } from '../../../lib/api';
import { sessionQueryKey, type SessionAnswer } from '../../../lib/session';

/** `username` may be a username or an email. */
export function login(credentials: { username: string; password: string }): Promise<SessionAnswer> {
  return call(accountApi.login, { body: credentials });
}

/** Logs in; on success the session (and with it the user) is loaded into the cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (answer.LoggedIn) queryClient.setQueryData(sessionQueryKey, answer);
    },
  });
}
