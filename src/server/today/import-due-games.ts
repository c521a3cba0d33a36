import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/rows.js';
import { GAME_CHECK_EVERY_MS, startGameChecks, type CheckRow, type CheckSite } from './new-games.js';

/**
 * The hourly import for players who do not open Today: every process looks now and then for players
 * with the import on whose games on a site were not fetched for an hour, and starts those fetches. A
 * fetch is claimed by one statement (new-games.ts), so however many processes look, each runs once.
 */

/** How often each process looks for players whose games are due. */
export const IMPORT_TICK_MS = 60_000;
/** Players started per look: the rest wait for the next one. */
const BATCH = 20;

/**
 * Starts the due fetches of up to BATCH players, those waiting longest first (it never waits for the
 * fetches); answers the players started. `only` limits the look to some players.
 */
export async function importDueGames(
  app: FastifyInstance,
  now = new Date(),
  only?: readonly number[],
): Promise<number[]> {
  const due = new Date(now.getTime() - GAME_CHECK_EVERY_MS).toISOString();
  const rows = rowsOf<{
    id: number;
    lichess: string | null;
    chesscom: string | null;
    checks: { site: CheckSite; username: string; started: string; running: boolean }[] | null;
  }>(
    await app.db.execute(sql`
      select u.id, u.username_lichess as lichess, u.username_chess_dot_com as chesscom,
        (select json_agg(json_build_object('site', c.site, 'username', c.username, 'started', c.started_at,
            'running', c.finished_at is null))
          from site_game_checks c where c.user_id = u.id) as checks
      from users u left join game_import_settings s on s.user_id = u.id
      where coalesce(s.auto_import, true)
        and (${only === undefined} or u.id = any(${`{${(only ?? []).join(',')}}`}::int[]))
        and (
        (coalesce(trim(u.username_lichess), '') <> '' and not exists (
          select 1 from site_game_checks c where c.user_id = u.id and c.site = 'lichess'
            and c.username = trim(u.username_lichess) and c.started_at > ${due}::timestamptz))
        or (coalesce(trim(u.username_chess_dot_com), '') <> '' and not exists (
          select 1 from site_game_checks c where c.user_id = u.id and c.site = 'chesscom'
            and c.username = trim(u.username_chess_dot_com) and c.started_at > ${due}::timestamptz)))
      order by (select min(c.started_at) from site_game_checks c where c.user_id = u.id) nulls first, u.id
      limit ${BATCH}`),
  );
  for (const row of rows) {
    const checks: CheckRow[] = (row.checks ?? []).map((c) => ({ ...c, started: Date.parse(c.started) }));
    await startGameChecks(app, row.id, { lichess: row.lichess, chesscom: row.chesscom }, checks, now);
  }
  return rows.map((row) => row.id);
}
