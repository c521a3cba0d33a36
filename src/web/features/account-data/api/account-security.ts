import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountSecurityApi,
  type ChangePasswordAnswer,
  type ChangePasswordRequest,
  type LogoutEverywhereAnswer,
} from '@contract/account-security';
import { call } from '../../../lib/api';
import { sessionQueryKey, type SessionAnswer } from '../../../lib/session';

export function changePassword(request: ChangePasswordRequest): Promise<ChangePasswordAnswer> {
  return call(accountSecurityApi.changePassword, { body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function logoutEverywhere(): Promise<LogoutEverywhereAnswer> {
  return call(accountSecurityApi.logoutEverywhere, { body: {} });
}

/** Ends every session of the player; this browser is logged out with the others. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      const loggedOut: SessionAnswer = { LoggedIn: false, api_result: 'logged_out' };
      queryClient.setQueryData(sessionQueryKey, loggedOut);
    },
  });
}
