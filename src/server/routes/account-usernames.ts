import type { FastifyInstance } from 'fastify';
import { chessDotComUsernameBody, lichessUsernameBody } from '../accounts/account-schemas.js';
import { updateSiteUsernames } from '../accounts/users-repository.js';

/** The user's names on Lichess and Chess.com, whose games and studies the app fetches. An empty name clears it. */
export async function accountUsernameRoutes(app: FastifyInstance): Promise<void> {
  app.post('/update-lichess-username', { onRequest: app.requireUser }, async (request) => {
    const name = lichessUsernameBody.parse(request.body).username_lichess || null;
    const user = await updateSiteUsernames(app.db, request.user!.id, { usernameLichess: name });
    app.forgetCachedUser(user.id);
    return { api_result: 'general_sql_success', username_lichess: user.username_lichess };
  });

  app.post('/update-chess-dot-com-username', { onRequest: app.requireUser }, async (request) => {
    const name = chessDotComUsernameBody.parse(request.body).username_chess_dot_com || null;
    const user = await updateSiteUsernames(app.db, request.user!.id, { usernameChessDotCom: name });
    app.forgetCachedUser(user.id);
    return { api_result: 'general_sql_success', username_chess_dot_com: user.username_chess_dot_com };
  });
}
