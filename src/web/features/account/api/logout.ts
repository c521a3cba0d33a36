import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@contract/account';
import { call } from '../../../lib/api';
import { sessionQueryKey, type SessionAnswer } from '../../../lib/session';

export function logout(): Promise<unknown> {
  return call(accountApi.logout, { body: {} });
}

/** Logs out and drops every cached answer that belonged to the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      const loggedOut: SessionAnswer = { LoggedIn: false, api_result: 'successful_logout' };
      queryClient.setQueryData(sessionQueryKey, loggedOut);
    },
  });
}
