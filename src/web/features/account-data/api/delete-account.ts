import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { sessionQueryKey, type SessionAnswer } from '../../../lib/session';
import { accountDataApi, type DeleteAccountAnswer } from '@contract/account-data';

export type { DeleteAccountAnswer };

export function deleteAccount(password: string): Promise<DeleteAccountAnswer> {
  return call(accountDataApi.deleteAccount, { body: { password } });
}

/** Deletes the account; once deleted, every cached answer goes and the app is logged out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (answer) => {
      if (answer.api_result !== 'account_deleted') return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      const loggedOut: SessionAnswer = { LoggedIn: false, api_result: 'account_deleted' };
      queryClient.setQueryData(sessionQueryKey, loggedOut);
    },
  });
}
