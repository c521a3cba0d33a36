import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmEmailParams, loginBody, registerBody } from '@contract/account.js';
import { noBody } from '@contract/common.js';
import { confirmationMail } from '../accounts/account-mails.js';
import { CONFIRM_TOKEN_MS, createAuthToken, findUsedTokenUser, useAuthToken } from '../accounts/auth-tokens.js';
import { hashPassword, isPasswordCorrect, verifyAgainstDummy } from '../accounts/passwords.js';
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

const nullableString = { type: ['string', 'null'] } as const;
/** Called on every page load: a response schema lets Fastify serialize it without JSON.stringify. */
const sessionCheckAnswer = {
  type: 'object',
  properties: {
    LoggedIn: { type: 'boolean' },
    user: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer' },
        email: { type: 'string' },
        username: { type: 'string' },
        username_lichess: nullableString,
        username_chess_dot_com: nullableString,
        lichess_connected: { type: 'boolean' },
        lichess_connected_as: nullableString,
      },
    },
  },
} as const;

/** Sign-up, email confirmation, login, logout and the session check (docs/api.md, account). */
export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/register',
    { onRequest: app.limitCalls('register'), schema: { body: registerBody } },
    async (request, reply) => {
      const { body } = request;
      if (await isEmailTaken(app.db, body.email)) return { api_status: 'fail', api_data: 'email exists' };
      if (await isUsernameTaken(app.db, body.username)) return { api_status: 'fail', api_data: 'username exists' };
      const passwordHash = await hashPassword(body.password);
      const inserted = await insertUser(app.db, { email: body.email, username: body.username, passwordHash });
      if (!inserted.ok) return { api_status: 'fail', api_data: inserted.reason };

      await app.startSession(reply, inserted.id);
      try {
        const token = await createAuthToken(app.db, inserted.id, 'email_confirm', CONFIRM_TOKEN_MS);
        await app.mailer.send(confirmationMail(body.email, body.username, app.config.publicUrl, token));
      } catch (err) {
        // The account works without the confirmation; a lost mail must not undo the sign-up.
        request.log.error({ err }, 'confirmation mail not sent');
      }
      return { api_status: 'success', api_data: 'register success' };
    },
  );

  app.get('/confirm-email/:token', { schema: { params: confirmEmailParams } }, async (request, reply) => {
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

  app.post('/login', { onRequest: app.limitCalls('login'), schema: { body: loginBody } }, async (request, reply) => {
    const { body } = request;
    const found = await findUserByLogin(app.db, body.username);
    if (!found) {
      await verifyAgainstDummy(body.password);
      return { LoggedIn: false, api_result: 'no_such_user' };
    }
    const { passwordHash, ...user } = found;
    if (!(await isPasswordCorrect(passwordHash, body.password))) return { LoggedIn: false, api_result: 'bad_password' };
    await app.startSession(reply, user.id);
    return { LoggedIn: true, user: { ...user, ...(await lichessConnectionState(app.db, user.id)) } };
  });

  app.post('/logout', { schema: { body: noBody } }, async (request, reply) => {
    await app.endSession(request, reply);
    return { api_result: 'successful_logout' };
  });

  const sessionCheck = { body: noBody, response: { 200: sessionCheckAnswer } };
  app.post('/check-if-logged-in', { schema: sessionCheck }, async (request) => {
    const user = await app.findSessionUser(request);
    return user ? { LoggedIn: true, user } : { LoggedIn: false, user: null };
  });

  await app.register(accountPasswordRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(accountUsernameRoutes);
}
