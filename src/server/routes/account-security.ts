import type { FastifyInstance } from 'fastify';
import { accountSecurityApi } from '@contract/account-security.js';
import { findPasswordHash, setPasswordHash } from '../accounts/users-repository.js';
import { route } from './route.js';

/**
 * The Account page's security calls:
 *
 *   POST /api/change-password     JSON {current_password, new_password} -> {api_result: 'password_changed' | 'bad_password'}
 *   POST /api/logout-everywhere   -> {api_result: 'logged_out_everywhere', sessions}: every session ends, this one too
 */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const changeOptions = { onRequest: [app.requireUser, app.limitCalls('login')] };
  route(app, accountSecurityApi.changePassword, changeOptions, async (request) => {
    const userId = request.user!.id;
    const hash = await findPasswordHash(app.db, userId);
    if (hash === undefined || !(await app.passwords.isCorrect(hash, request.body.current_password))) {
      return { api_result: 'bad_password' } as const;
    }
    await setPasswordHash(app.db, userId, await app.passwords.hash(request.body.new_password));
    // Whoever knew the old password is signed out everywhere else.
    await app.endOtherSessions(request, userId);
    return { api_result: 'password_changed' } as const;
  });

  route(app, accountSecurityApi.logoutEverywhere, { onRequest: app.requireUser }, async (request, reply) => {
    const sessions = await app.endAllSessions(request, reply, request.user!.id);
    return { api_result: 'logged_out_everywhere', sessions } as const;
  });
}
