import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/account.js';
import { updateSiteUsernames } from '../accounts/users-repository.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { route } from './route.js';
import { playerSites } from '../sites/player-sites.js';
import { isMissingLichessPlayer, noPlayerMessage } from '../sites/unknown-player.js';

/**
 * The user's names on Lichess and Chess.com, whose games and studies the app fetches. An empty name clears
 * it; a name the site answers 404 for is refused.
 */
export async function accountUsernameRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  route(app, accountApi.updateLichessUsername, auth, async (request) => {
    const name = request.body.username_lichess || null;
    // As for Chess.com: a name Lichess says it does not know is refused; a site that cannot answer does not stop the save.
    if (name && name !== request.user!.username_lichess && (await isMissingLichessPlayer(app, request.user!.id, name)))
      throw new BadRequestError(`${noPlayerMessage('Lichess', name)}: the name was not saved`);
    const user = await updateSiteUsernames(app.db, request.user!.id, { usernameLichess: name });
    app.forgetCachedUser(user.id);
    return { api_result: 'general_sql_success', username_lichess: user.username_lichess } as const;
  });

  route(app, accountApi.updateChessDotComUsername, auth, async (request) => {
    const name = request.body.username_chess_dot_com || null;
    // A name Chess.com says it does not know is refused; a site that cannot answer does not stop the save.
    if (name && name !== request.user!.username_chess_dot_com) {
      const { chesscom } = await playerSites(app, request.user!.id);
      const checked = await chesscom.fetchMonthsResult(name, new Date(), 1);
      if (checked.isErr && checked.error.status === 404)
        throw new BadRequestError(`${noPlayerMessage('Chess.com', name)}: the name was not saved`);
    }
    const user = await updateSiteUsernames(app.db, request.user!.id, { usernameChessDotCom: name });
    app.forgetCachedUser(user.id);
    return { api_result: 'general_sql_success', username_chess_dot_com: user.username_chess_dot_com } as const;
  });
}
