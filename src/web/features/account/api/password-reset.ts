import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@contract/account';
import { call } from '../../../lib/api';
import type { ResetAnswer, ResetRequestAnswer } from './types';

/** `email` may hold an email or a username. */
export function requestPasswordReset(email: string): Promise<ResetRequestAnswer> {
  return call(accountApi.passwordResetRequest, { body: { email } });
}

export function resetPassword(fields: { password: string; token: string }): Promise<ResetAnswer> {
  return call(accountApi.passwordReset, { body: fields });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
