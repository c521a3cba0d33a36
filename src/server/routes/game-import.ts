import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { gameImportApi, type GameSettings, type SiteImport } from '@contract/game-import.js';
import { rowsOf } from '../db/rows.js';
import { autoImportOn, setAutoImport } from '../today/game-import.js';
import { importDueGames, IMPORT_TICK_MS } from '../today/import-due-games.js';
import { cleanName } from '../today/new-games.js';
import { registerGameChecks } from '../today/game-check-job.js';
import { route } from './route.js';

/** The automatic import's setting and where each site's import stands (contract: @contract/game-import.ts). */
export async function gameImportRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  registerGameChecks(app);
  const every = app.config.gameImportEveryMs ?? IMPORT_TICK_MS;
  if (every > 0)
    app.jobs.every(every, async () => {
      await importDueGames(app);
    });

  const settingsOf = async (userId: number): Promise<GameSettings> => {
    const { on, chosen } = await autoImportOn(app.db, userId);
    const rows = rowsOf<{
      lichess: string | null;
      chesscom: string | null;
      checks:
        | { site: 'lichess' | 'chesscom'; username: string; started: string; imported: number; error: string | null }[]
        | null;
    }>(
      await app.db.execute(sql`
        select u.username_lichess as lichess, u.username_chess_dot_com as chesscom,
          (select json_agg(json_build_object('site', c.site, 'username', c.username, 'started', c.started_at,
              'imported', c.imported, 'error', c.error))
            from site_game_checks c where c.user_id = u.id) as checks
        from users u where u.id = ${userId}`),
    );
    const [user] = rows;
    const sites: SiteImport[] = [];
    for (const site of ['lichess', 'chesscom'] as const) {
      const username = cleanName(user?.[site]);
      if (username === '') continue;
      const check = user?.checks?.find((c) => c.site === site && c.username === username);
      sites.push({
        site,
        username,
        checked_at: check ? new Date(check.started).toISOString() : null,
        imported: check?.imported ?? 0,
        error: check?.error ?? null,
      });
    }
    return { auto_import: on, chosen, sites };
  };

  route(app, gameImportApi.settings, auth, async (request) => ({ api_data: await settingsOf(request.user!.id) }));

  route(app, gameImportApi.saveSettings, auth, async (request) => {
    const userId = request.user!.id;
    await setAutoImport(app.db, userId, request.body.auto_import);
    return { api_data: await settingsOf(userId) };
  });
}
