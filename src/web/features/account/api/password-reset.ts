import { useMutation } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import type { ResetAnswer, ResetRequestAnswer } from './types';

/** `email` may hold an email or a username. */
export function requestPasswordReset(email: string): Promise<ResetRequestAnswer> {
  return apiPostForm<ResetRequestAnswer>('/api/password-reset-request', { email });
}

export function resetPassword(fields: { password: string; token: string }): Promise<ResetAnswer> {
  return apiPostForm<ResetAnswer>('/api/password-reset', fields);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
