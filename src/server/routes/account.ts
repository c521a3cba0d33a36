import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/account.js';
import { confirmationMail } from '../accounts/account-mails.js';
import { CONFIRM_TOKEN_MS, createAuthToken, findUsedTokenUser, useAuthToken } from '../accounts/auth-tokens.js';
import {
  findUserByLogin,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  isEmailConfirmed,
  markEmailConfirmed,
} from '../accounts/users-repository.js';
import { lichessConnectionState } from '../lichess/lichess-connections.js';
import { accountPasswordRoutes } from './account-password.js';
import { accountSecurityRoutes } from './account-security.js';
import { accountUsernameRoutes } from './account-usernames.js';
import { route } from './route.js';

/** Sign-up, email confirmation, login, logout and the session check (docs/api.md, account). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, accountApi.register, { onRequest: app.limitCalls('register') }, async (request, reply) => {
    const { body } = request;
    if (await isEmailTaken(app.db, body.email)) return { api_status: 'fail', api_data: 'email exists' } as const;
    if (await isUsernameTaken(app.db, body.username))
      return { api_status: 'fail', api_data: 'username exists' } as const;
    const passwordHash = await app.passwords.hash(body.password);
    const inserted = await insertUser(app.db, { email: body.email, username: body.username, passwordHash });
    if (!inserted.ok) return { api_status: 'fail', api_data: inserted.reason } as const;

    await app.startSession(reply, inserted.id);
    try {
      const token = await createAuthToken(app.db, inserted.id, 'email_confirm', CONFIRM_TOKEN_MS);
      await app.mailer.send(confirmationMail(body.email, body.username, app.config.publicUrl, token));
    } catch (err) {
      // The account works without the confirmation; a lost mail must not undo the sign-up.
      request.log.error({ err }, 'confirmation mail not sent');
    }
    return { api_status: 'success', api_data: 'register success' } as const;
  });

  route(app, accountApi.confirmEmail, {}, async (request, reply) => {
    const use = await useAuthToken(app.db, request.params.token, 'email_confirm');
    if (use.status !== 'ok') {
      // A link opened twice (say, from a second device) for an address that is confirmed says just that.
      const userId = await findUsedTokenUser(app.db, request.params.token, 'email_confirm');
      const confirmed = userId !== undefined && (await isEmailConfirmed(app.db, userId));
      return reply.redirect(confirmed ? '/confirmed_failure?reason=already_confirmed' : '/confirmed_failure');
    }
    await markEmailConfirmed(app.db, use.userId);
    return reply.redirect('/confirmed_success');
  });

  route(app, accountApi.login, { onRequest: app.limitCalls('login') }, async (request, reply) => {
    const { body } = request;
    const found = await findUserByLogin(app.db, body.username);
    if (!found) {
      await app.passwords.verifyAgainstDummy(body.password);
      return { LoggedIn: false, api_result: 'no_such_user' } as const;
    }
    const { passwordHash, ...user } = found;
    if (!(await app.passwords.isCorrect(passwordHash, body.password)))
      return { LoggedIn: false, api_result: 'bad_password' } as const;
    await app.startSession(reply, user.id);
    return { LoggedIn: true, user: { ...user, ...(await lichessConnectionState(app.db, user.id)) } } as const;
  });

  route(app, accountApi.logout, {}, async (request, reply) => {
    await app.endSession(request, reply);
    return { api_result: 'successful_logout' } as const;
  });

  route(app, accountApi.sessionCheck, {}, async (request) => {
    const user = await app.findSessionUser(request);
    return user ? ({ LoggedIn: true, user } as const) : ({ LoggedIn: false, user: null } as const);
  });

  await app.register(accountPasswordRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(accountUsernameRoutes);
}
