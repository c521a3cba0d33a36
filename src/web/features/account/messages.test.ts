import { describe, expect, test } from 'vitest';
import { resetMessage, resetRequestMessage, signupFailureMessage, SUPPORT_EMAIL } from './messages';

describe('account messages', () => {
  test.each([
    ['email exists', 'There is already an account with that email address'],
    ['username exists', 'Unfortunately, this username is already taken, please enter a different one'],
  ])('sign-up failure %s', (reason, message) => {
    expect(signupFailureMessage({ api_status: 'fail', api_data: reason })).toBe(message);
  });

  test('any other sign-up failure apologises and names the support address', () => {
    const message = signupFailureMessage({ api_status: 'fail', api_data: 'database down' });
    expect(message).toMatch(/^Sorry/);
    expect(message).toContain(SUPPORT_EMAIL);
  });

  test.each([
    [{ api_result: 'successful_password_reset_request' }, 'Password reset email sent'],
    [{ api_result: 'no_such_user' }, 'No account with provided email/username found'],
    [{ api_result: 'failed_password_reset_request', api_result_details: 'smtp refused' }, 'Not sent:smtp refused'],
  ])('reset request %j', (answer, message) => {
    expect(resetRequestMessage(answer)).toBe(message);
  });

  test('reset success and failure', () => {
    expect(resetMessage({ api_result: 'successful_password_reset' })).toBe('Password reset');
    expect(
      resetMessage({ api_result: 'password_reset_token_expired', api_result_details: 'password reset token expired' }),
    ).toBe('Password reset failed - password reset token expired');
  });
});
