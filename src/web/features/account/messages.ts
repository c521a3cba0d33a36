// The user-facing texts of the account flows, word for word.
import type { RegisterAnswer, ResetAnswer, ResetRequestAnswer } from './api/types';

export const SUPPORT_EMAIL = 'support@chess-prep.org';

export const BAD_LOGIN = 'Bad username/email and password combination';

export function signupFailureMessage(answer: RegisterAnswer): string {
  switch (answer.api_data) {
    case 'email exists':
      return 'There is already an account with that email address';
    case 'username exists':
      return 'Unfortunately, this username is already taken, please enter a different one';
    default:
      return `Sorry, we could not create your account. Please try again, and if it keeps failing email ${SUPPORT_EMAIL}.`;
  }
}

export function resetRequestMessage(answer: ResetRequestAnswer): string {
  switch (answer.api_result) {
    case 'successful_password_reset_request':
      return 'Password reset email sent';
    case 'no_such_user':
      return 'No account with provided email/username found';
    default:
      return `Not sent:${answer.api_result_details ?? answer.api_result}`;
  }
}

export function resetMessage(answer: ResetAnswer): string {
  if (answer.api_result === 'successful_password_reset') return 'Password reset';
  return `Password reset failed - ${answer.api_result_details ?? answer.api_result}`;
}

export const CONFIRMATION_INVALID = `The email confirmation link is no longer valid. Please contact ${SUPPORT_EMAIL} if you need help signing up.`;
