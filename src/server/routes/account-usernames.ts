import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chessDotComUsernameBody, lichessUsernameBody } from '@contract/account.js';
import { updateSiteUsernames } from '../accounts/users-repository.js';
import { BadRequestError } from '../plugins/error-handler.js';

/**
 * The user's names on Lichess and Chess.com, whose games and studies the app fetches. An empty name clears
 * it; a Chess.com name the site answers 404 for is refused.
 */
export async function accountUsernameRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireUser };
  app.post('/update-lichess-username', { ...auth, schema: { body: lichessUsernameBody } }, async (request) => {
    const name = request.body.username_lichess || null;
    const user = await updateSiteUsernames(app.db, request.user!.id, { usernameLichess: name });
    app.forgetCachedUser(user.id);
    return { api_result: 'general_sql_success', username_lichess: user.username_lichess };
  });

  app.post(
    '/update-chess-dot-com-username',
    { ...auth, schema: { body: chessDotComUsernameBody } },
    async (request) => {
      const name = request.body.username_chess_dot_com || null;
      // A name Chess.com says it does not know is refused; a site that cannot answer does not stop the save.
      if (name && name !== request.user!.username_chess_dot_com) {
        const checked = await app.sites.chesscom.fetchMonthsResult(name, new Date(), 1);
        if (checked.isErr && checked.error.status === 404)
          throw new BadRequestError(`Chess.com has no player named ${name}: the name was not saved`);
      }
      const user = await updateSiteUsernames(app.db, request.user!.id, { usernameChessDotCom: name });
      app.forgetCachedUser(user.id);
      return { api_result: 'general_sql_success', username_chess_dot_com: user.username_chess_dot_com };
    },
  );
}
