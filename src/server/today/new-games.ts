import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GameSite } from '../../chess/game-record.js';
import { rowsOf } from '../db/rows.js';
import { gameCheckSites } from '../db/schema.js';
import { toRecords } from '../sites/game-records.js';
import { createChessComClient } from '../sites/chesscom.js';
import { createLichessClient } from '../sites/lichess.js';
import { findConnection } from '../lichess/lichess-connections.js';
import type { SiteLogger } from '../sites/site-error.js';
import { autoImportOn, importFetchedGames } from './game-import.js';

/**
 * New games for Today: each site's recent games are fetched in the background with the saved
 * username, at most once an hour per player and site (the claim is one statement, so two processes
 * never fetch together), and stored; with the automatic import on, the new ones are saved as reviews
 * (game-import.ts). Today counts the stored games played since the previous visit
 * and not yet saved as reviews; a site that fails keeps the games it gave last time.
 */

export type CheckSite = (typeof gameCheckSites)[number];

/** Least time between two fetches of one player's games on one site. */
export const GAME_CHECK_EVERY_MS = 3_600_000;
/** The job queue of the fetches. */
export const GAME_CHECK_QUEUE = 'game_check';

const SITE_NAMES: Record<CheckSite, GameSite> = { lichess: 'Lichess', chesscom: 'Chess.com' };

export interface SavedNames {
  lichess: string | null;
  chesscom: string | null;
}

export const cleanName = (name: string | null | undefined): string => name?.trim() ?? '';

/** Fetches this app is running (awaited when it closes). */
export const runningChecks = (app: FastifyInstance): Set<Promise<void>> => app.todayMemory.gameChecks;

/** A stored check as Today reads it. */
export interface CheckRow {
  site: CheckSite;
  username: string;
  /** Epoch ms. */
  started: number;
  running: boolean;
}

/** Whether a site's games should be fetched now: never fetched, fetched over an hour ago, or under another name. */
export function isCheckDue(row: CheckRow | undefined, username: string, now: Date): boolean {
  return !row || row.username !== username || row.started <= now.getTime() - GAME_CHECK_EVERY_MS;
}

/**
 * Starts the fetches that are due (never waits for them), judged from the rows read with Today's
 * counts. True while a fetch of the player's games runs, here or in another process.
 */
export async function startGameChecks(
  app: FastifyInstance,
  userId: number,
  names: SavedNames,
  rows: readonly CheckRow[],
  now: Date,
): Promise<boolean> {
  const due = new Date(now.getTime() - GAME_CHECK_EVERY_MS).toISOString();
  let fetching = false;
  for (const site of gameCheckSites) {
    const username = cleanName(names[site]);
    if (username === '') continue;
    const row = rows.find((r) => r.site === site);
    if (!isCheckDue(row, username, now)) {
      if (row?.running) fetching = true;
      continue;
    }
    // Claimed here when never fetched, fetched over an hour ago (or stuck that long), or the name changed.
    const [claimed] = rowsOf<{ started: string | Date }>(
      await app.db.execute(sql`
        insert into site_game_checks (user_id, site, username, started_at, finished_at, games, jobs_schema)
        values (${userId}, ${site}, ${username}, ${now.toISOString()}, null, '[]'::jsonb, ${app.jobs.schema})
        on conflict (user_id, site) do update set
          games = case when site_game_checks.username = excluded.username
            then site_game_checks.games else '[]'::jsonb end,
          imported_until = case when site_game_checks.username = excluded.username
            then site_game_checks.imported_until end,
          imported = 0,
          username = excluded.username, started_at = excluded.started_at, finished_at = null, error = null,
          jobs_schema = excluded.jobs_schema
        where site_game_checks.started_at <= ${due}::timestamptz or site_game_checks.username <> excluded.username
        returning started_at as started`),
    );
    if (claimed) {
      fetching = true;
      // Fetched as a job: whichever process takes it (game-check-job.ts).
      await queueGameCheck(app, userId, site);
      continue;
    }
    // Another process claimed it a moment ago: its fetch runs.
    fetching = true;
  }
  return fetching;
}

interface StoredGame {
  link: string;
  played: string | null;
}

/** Queues the fetch of a claimed check (one waiting job per player and site: it reads the claim when it runs). */
export const queueGameCheck = (app: FastifyInstance, userId: number, site: CheckSite): Promise<void> =>
  app.jobs.send(GAME_CHECK_QUEUE, { userId, site }, `check-${userId}-${site}`);

/** One fetch: the site's recent games stored under the claim (a newer claim or another name wins). */
export async function fetchSiteGames(
  app: FastifyInstance,
  userId: number,
  site: CheckSite,
  username: string,
  started: Date,
): Promise<void> {
  const failures: string[] = [];
  // The site clients fall back to no games and log why: a warning here is the site failing. The
  // player reads the site's own answer (the error), once however many calls it failed.
  const failed = (obj: object, msg?: string) => {
    const detail = (obj as { err?: unknown }).err;
    failures.push(typeof detail === 'string' && detail !== '' ? detail : (msg ?? 'failed'));
  };
  const logger: SiteLogger = {
    info: (obj, msg) => app.log.info(obj, msg),
    warn: (obj, msg) => {
      failed(obj, msg);
      app.log.warn(obj, msg);
    },
    error: (obj, msg) => {
      failed(obj, msg);
      app.log.error(obj, msg);
    },
  };
  const common = { timeoutMs: app.config.siteTimeoutMs, logger, queue: app.siteQueues.lichess };
  // The player's own token where they connected Lichess, else the server's.
  const token = (await findConnection(app.db, app.config.sessionSecret, userId))?.token ?? app.config.lichessToken;
  const pgns =
    site === 'lichess'
      ? await createLichessClient({ baseUrl: app.config.lichessUrl, token, ...common }).fetchUserGames(username)
      : await createChessComClient({ baseUrl: app.config.chessComUrl, ...common }).fetchRecentGames(username, started);
  const records = toRecords(pgns, username, SITE_NAMES[site]);
  const games: StoredGame[] = records
    .filter((game) => game.link)
    .map((game) => ({ link: game.link, played: game.dateTimePlayed }));
  const error = failures.length > 0 ? `did not send the games (${[...new Set(failures)].join('; ')})` : null;
  // A failed fetch keeps what the last one stored, with whatever this one still brought.
  await app.db.execute(sql`
    update site_game_checks set
      games = case when ${error}::text is null then ${JSON.stringify(games)}::jsonb
        else (select coalesce(jsonb_agg(distinct g), '[]'::jsonb)
              from jsonb_array_elements(games || ${JSON.stringify(games)}::jsonb) g) end,
      finished_at = ${new Date().toISOString()}, error = ${error}
    where user_id = ${userId} and site = ${site} and username = ${username} and started_at = ${started.toISOString()}`);
  if ((await autoImportOn(app.db, userId)).on)
    await importFetchedGames(app, userId, { site, username, started }, records);
}
