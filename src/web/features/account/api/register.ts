import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@contract/account';
import { call } from '../../../lib/api';
import { setFlashHelp } from '../../../lib/flash-help';
import { sessionQueryKey } from '../../../lib/session';
import type { RegisterAnswer } from './types';

export function register(fields: { email: string; username: string; password: string }): Promise<RegisterAnswer> {
  return call(accountApi.register, { body: fields });
}

/** Signs up; success logs the user in, so flash_help is set and the session is checked again. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async (answer) => {
      if (answer.api_status !== 'success') return;
      // Before the session refresh: the logged-in landing route reads it to send the user to /welcome.
      setFlashHelp();
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    },
  });
}
