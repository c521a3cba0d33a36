import type { FastifyInstance } from 'fastify';
import {
  repertoireReportApi,
  type RepertoireReportAnswer,
  type ReportGameRef,
  type ReportSource,
} from '@contract/repertoire-report.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { COLORS, createReportBuilder, type Color, type ReportGame, type ReportRepertoires } from '../../chess/index.js';
import { listReviewGames } from '../game-reviews/game-reviews-repository.js';
import { editedRepertoire } from '../repertoire/edited-repertoire.js';
import { reportOnWire } from '../repertoire/report-wire.js';
import { playerSites } from '../sites/player-sites.js';
import { toRecords } from '../sites/game-records.js';
import { route } from './route.js';

/**
 * POST /api/repertoire-report {sources: ['reviews' | 'lichess' | 'chesscom']} -> {api_data: report}:
 * the player's saved reviews and recent site games compared with their studies in one pass
 * (src/chess/repertoire-report.ts). A game that is both saved and recent counts once, as the review.
 * A site that fails gives no games (the site clients log why), never an error.
 */
export async function repertoireReportRoutes(app: FastifyInstance): Promise<void> {
  route(app, repertoireReportApi.run, { onRequest: app.requireUser }, async (request) => {
    const { sources } = request.body;
    const user = request.user!;
    const [repertoires, saved] = await Promise.all([loadRepertoires(app, user.id), savedReviews(app, user.id)]);
    const reviewByLink = new Map(saved.flatMap((r) => (r.ref.link ? [[r.ref.link, r.ref.review_id] as const] : [])));

    const games: ReportGame<ReportGameRef>[] = [];
    const seen = new Set<string>();
    const counts: RepertoireReportAnswer['sources'] = {};
    const add = (source: ReportSource, list: ReportGame<ReportGameRef>[]) => {
      counts[source] = list.length;
      for (const game of list) {
        if (game.ref.link && seen.has(game.ref.link)) continue;
        if (game.ref.link) seen.add(game.ref.link);
        games.push(game);
      }
    };
    if (sources.includes('reviews')) add('reviews', saved);
    const [lichess, chesscom] = await Promise.all([
      sources.includes('lichess') ? siteGames(app, user.id, 'lichess', user.username_lichess) : undefined,
      sources.includes('chesscom') ? siteGames(app, user.id, 'chesscom', user.username_chess_dot_com) : undefined,
    ]);
    for (const [source, list] of [
      ['lichess', lichess],
      ['chesscom', chesscom],
    ] as const) {
      if (!list) continue;
      add(
        source,
        list.map((game) => ({
          ...game,
          ref: { ...game.ref, review_id: reviewByLink.get(game.ref.link ?? '') ?? null },
        })),
      );
    }

    // Comparing a game takes about a millisecond: other requests get their turn between batches.
    const builder = createReportBuilder<ReportGameRef>(repertoires);
    for (const [index, game] of games.entries()) {
      if (index > 0 && index % YIELD_EVERY === 0) await nextTurn();
      builder.add(game);
    }
    const answer: RepertoireReportAnswer = { ...reportOnWire(builder.finish()), sources: counts };
    return { api_data: answer };
  });
}

const YIELD_EVERY = 25;

/** The player's repertoires (their studies with their edits), each with its own exclusions. */
async function loadRepertoires(app: FastifyInstance, userId: number): Promise<ReportRepertoires> {
  const entries = await Promise.all(
    COLORS.map(async (color) => [color, await editedRepertoire(app, userId, color)] as const),
  );
  return Object.fromEntries(entries.filter(([, rep]) => rep)) as ReportRepertoires;
}

const colorOf = (hero: string): Color => (hero === 'Black' ? 'black' : 'white');

/** The player's own saved reviews, newest played first. */
async function savedReviews(app: FastifyInstance, userId: number): Promise<ReportGame<ReportGameRef>[]> {
  const rows = await listReviewGames(app.db, userId);
  return rows.map((row) => ({
    pgn: row.pgn,
    color: colorOf(row.heroColor),
    result: row.result,
    ref: {
      link: row.link,
      date_time_played: row.datePlayed ? row.datePlayed.toISOString() : null,
      opponent_name: row.opponentName,
      site: row.site,
      review_id: row.id,
    },
  }));
}

/** Recent games on a site under the saved username, newest first; none without a username. */
async function siteGames(
  app: FastifyInstance,
  userId: number,
  site: 'lichess' | 'chesscom',
  username: string | null | undefined,
): Promise<ReportGame<ReportGameRef>[]> {
  const name = username?.trim() ?? '';
  if (name === '') return [];
  const pgns =
    site === 'lichess'
      ? await (await playerSites(app, userId)).lichess.fetchUserGames(name)
      : await (await playerSites(app, userId)).chesscom.fetchRecentGames(name, new Date());
  return toRecords(pgns, name, site === 'lichess' ? 'Lichess' : 'Chess.com').map((record) => ({
    pgn: record.pgn,
    color: colorOf(record.heroColor),
    result: record.result,
    ref: {
      link: record.link || null,
      date_time_played: record.dateTimePlayed,
      opponent_name: record.opponentName,
      site: record.site,
      review_id: null,
    },
  }));
}
