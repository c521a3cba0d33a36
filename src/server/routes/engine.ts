import type { FastifyInstance } from 'fastify';
import { engineApi, type Candidate } from '@contract/engine.js';
import {
  fenOf,
  findEngineMistakes,
  gameFigures,
  mainlineMoves,
  parseGames,
  positionFromFen,
  positionKey,
  sanOf,
  sideToMove,
  wilsonLow,
  type PlyEvaluation,
} from '../../chess/index.js';
import { cloudEvalOf } from '../analysis/cloud-eval-cache.js';
import { findAnalysis, pendingReviews, storeAnalysis } from '../analysis/game-analyses-repository.js';
import { ownRepertoireMoves } from '../analysis/own-moves.js';
import { fetchStats } from '../openings/explorer-cache.js';
import { parseStatsFilter } from '../openings/stats-key.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { playerSites } from '../sites/player-sites.js';
import { findReview } from '../game-reviews/game-reviews-repository.js';
import { route } from './route.js';

/**
 * The engine's calls. The engine itself runs in the browser; the server proxies and caches Lichess's
 * cloud evaluation, stores what the browser's engine found in a game (and the Mistakes it makes), and
 * gives the explorer's replies and the player's own repertoire moves to check.
 *
 *   GET  /api/cloud-eval?fen=&multiPv=           -> {api_data: {depth, pvs} | null}
 *   POST /api/game-analysis {game_review_id, depth, evals} -> {api_data: {mistakes, accuracy, acpl}}
 *   GET  /api/game-analysis?game_review_id=      -> {api_data: {depth, evals, updated_at, accuracy, acpl} | null}
 *   GET  /api/game-analysis/pending              -> {api_data: {ids, analysed}}
 *   GET  /api/engine/candidates?fen=&speeds=&ratings= -> {api_data: {moves, error}}
 *   GET  /api/engine/own-moves?color=            -> {api_data: [{fen, line, uci, san, reach}]}
 */
export async function engineRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };

  route(app, engineApi.cloudEval, auth, async (request) => {
    const { fen, multiPv } = request.query;
    const position = positionFromFen(fen);
    if (!position) throw new BadRequestError(`fen ${fen} is not a legal position`);
    // Lichess is asked for the FEN as chessops writes it: a FEN it would not read (a tab between
    // fields, a stray en passant square) must not store "no evaluation" for the position everyone shares.
    return { api_data: await cloudEvalOf(app, request.user!.id, fenOf(position), multiPv) };
  });

  route(app, engineApi.saveAnalysis, auth, async (request, reply) => {
    const { game_review_id: reviewId, depth, evals } = request.body;
    const userId = request.user!.id;
    const review = await findReview(app.db, userId, reviewId);
    if (!review) return reply.code(404).send({ error: 'No such game review' });
    const parsed = parseGames(review.pgn);
    if (parsed.isErr) throw new BadRequestError(`the review's game cannot be read: ${parsed.error.message}`);
    const game = parsed.value[0];
    const moves = mainlineMoves(game);
    const fens = [game.startFen, ...moves.map((m) => m.fen)];
    const seen = new Set<number>();
    for (const e of evals) {
      if (e.ply > moves.length)
        throw new BadRequestError(`ply ${e.ply} is past the game's end (it has ${moves.length} half-moves)`);
      if (seen.has(e.ply)) throw new BadRequestError(`ply ${e.ply} is evaluated twice`);
      seen.add(e.ply);
      if (e.best_uci && !sanOf(fens[e.ply], e.best_uci))
        throw new BadRequestError(`best_uci ${e.best_uci} is not a legal move at ply ${e.ply}`);
    }
    const sorted = [...evals].sort((a, b) => a.ply - b.ply);
    const plies: PlyEvaluation[] = sorted.map(({ best_uci, ...evaluation }) => ({ ...evaluation, bestUci: best_uci }));
    const player = review.hero_color === 'White' ? 'white' : 'black';
    const found = findEngineMistakes(game.startFen, moves, plies, player);
    const figures = gameFigures(game.startFen, plies, moves.length);
    const stored = await storeAnalysis(app.db, userId, reviewId, depth, sorted, found, figures);
    if (!stored) return reply.code(404).send({ error: 'No such game review' });
    return { api_data: { mistakes: stored, ...figures } };
  });

  route(app, engineApi.analysis, auth, async (request, reply) => {
    const userId = request.user!.id;
    const reviewId = request.query.game_review_id;
    if (!(await findReview(app.db, userId, reviewId))) return reply.code(404).send({ error: 'No such game review' });
    return { api_data: await findAnalysis(app.db, userId, reviewId) };
  });

  route(app, engineApi.pendingAnalysis, auth, async (request) => ({
    api_data: await pendingReviews(app.db, request.user!.id),
  }));

  route(app, engineApi.candidates, auth, async (request) => {
    const { fen, speeds, ratings } = request.query;
    const pos = positionFromFen(fen);
    if (!pos) throw new BadRequestError(`fen ${fen} is not a legal position`);
    const filter = parseStatsFilter(speeds, ratings);
    if (!filter.ok) throw new BadRequestError(filter.error);
    const { explorer } = await playerSites(app, request.user!.id);
    const outcome = await fetchStats(app, explorer, positionKey(fen), filter.filter);
    if (!outcome.ok) return { api_data: { moves: [], error: outcome.error } };
    const mover = sideToMove(fen);
    const moves: Candidate[] = outcome.record.moves
      .map((m) => {
        const games = m.white + m.draws + m.black;
        const won = mover === 'white' ? m.white : m.black;
        const score = games ? (won + m.draws / 2) / games : 0;
        return { uci: m.uci, san: m.san, games, score, score_low: wilsonLow(score, games) };
      })
      .filter((m) => m.games > 0)
      .sort((a, b) => b.games - a.games || (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0));
    return { api_data: { moves, error: null } };
  });

  route(app, engineApi.ownMoves, auth, async (request) => {
    const { color, limit } = request.query;
    const moves = await ownRepertoireMoves(app, request.user!.id, color, limit);
    if (!moves) throw new BadRequestError(`You have no ${color} study: set one on Manage Openings first`);
    return { api_data: moves };
  });
}
