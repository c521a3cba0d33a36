import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/account.js';
import { passwordResetMail } from '../accounts/account-mails.js';
import { RESET_TOKEN_MS, createAuthToken, useAllAuthTokens, useAuthToken } from '../accounts/auth-tokens.js';
import { findUserByLogin, setPasswordHash } from '../accounts/users-repository.js';
import { route } from './route.js';

/** Password reset by a mailed single-use link, valid one hour. */
export async function accountPasswordRoutes(app: FastifyInstance): Promise<void> {
  const resetRequest = { onRequest: app.limitCalls('passwordResetRequest') };
  route(app, accountApi.passwordResetRequest, resetRequest, async (request) => {
    const { body } = request;
    const user = await findUserByLogin(app.db, body.email);
    if (!user) return { api_result: 'no_such_user' };
    try {
      const token = await createAuthToken(app.db, user.id, 'password_reset', RESET_TOKEN_MS);
      await app.mailer.send(passwordResetMail(user.email, user.username, app.config.publicUrl, token));
    } catch (err) {
      request.log.error({ err }, 'password reset mail not sent');
      return { api_result: 'failed_password_reset_request' };
    }
    return { api_result: 'successful_password_reset_request' };
  });

  route(app, accountApi.passwordReset, {}, async (request) => {
    const { body } = request;
    const use = await useAuthToken(app.db, body.token, 'password_reset');
    if (use.status === 'expired') {
      return {
        api_result: 'password_reset_token_expired',
        api_result_details: 'This reset link has expired; please ask for a new one.',
      };
    }
    if (use.status === 'invalid') {
      return {
        api_result: 'failed_password_reset',
        api_result_details: 'This reset link is not valid or has already been used; please ask for a new one.',
      };
    }
    await setPasswordHash(app.db, use.userId, await app.passwords.hash(body.password));
    await useAllAuthTokens(app.db, use.userId, 'password_reset');
    // Whoever knew the old password is signed out everywhere.
    await app.endOtherSessions(request, use.userId);
    return {
      api_result: 'successful_password_reset',
      api_result_details: 'Your password has been reset; you can now sign in with it.',
    };
  });
}
