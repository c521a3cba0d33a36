import type { FastifyInstance, FastifyReply } from 'fastify';
import { gameReviewsApi } from '@contract/game-reviews.js';
import { parseGames } from '../../chess/pgn.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { forgetOwnGames } from '../openings/own-games.js';
import {
  deleteMistake,
  deleteReview,
  findReview,
  insertMistake,
  insertReview,
  listMistakes,
  listReviews,
  updateMistake,
  reviewValuesOf,
  updateReview,
} from '../game-reviews/game-reviews-repository.js';
import { route } from './route.js';

/**
 * The review calls (src/contract/game-reviews.ts). Every call reads and changes only the caller's rows: another user's
 * id answers exactly like an id that does not exist (404 {error}).
 *
 *   GET  /api/get-game-reviews                 -> {api_data: [review with mistakes], newest first}
 *   POST /api/upsert-game-review   {review}    -> {api_data: review}
 *   POST /api/upsert-mistake       {mistake}   -> {api_data: mistake}
 *   POST /api/get-mistakes         {game_review_id} -> {api_data: [mistake]}
 *   POST /api/delete-game-review   {game_review_id} | {mistake_id} -> {api_data: {deleted, id}}
 */
export async function gameReviewRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };
  const userId = (request: { user: { id: number } | null }) => request.user!.id;

  route(app, gameReviewsApi.reviews, auth, async (request) => ({
    api_data: await listReviews(app.db, userId(request)),
  }));

  route(app, gameReviewsApi.upsertReview, auth, async (request, reply) => {
    const input = request.body;
    if (input.pgn !== undefined) checkPgn(input.pgn);
    const values = reviewValuesOf(input);
    if (input.kind === 'insert') {
      const inserted = await insertReview(app.db, userId(request), {
        ...values,
        pgn: input.pgn,
        heroColor: input.hero_color,
      });
      forgetOwnGames(app, userId(request));
      return { api_data: inserted };
    }
    const updated = await updateReview(app.db, userId(request), input.id, values);
    forgetOwnGames(app, userId(request));
    return updated ? { api_data: updated } : notFound(reply, 'No such game review');
  });

  route(app, gameReviewsApi.upsertMistake, auth, async (request, reply) => {
    const input = request.body;
    const review = await findReview(app.db, userId(request), input.game_review_id);
    if (!review) return notFound(reply, 'No such game review');
    const values = {
      ply: input.ply,
      fen: input.fen === '' ? null : input.fen,
      move: input.move,
      betterMove: input.better_move,
      notes: input.notes,
    };
    if (input.id === undefined)
      return { api_data: await insertMistake(app.db, userId(request), input.game_review_id, values) };
    const updated = await updateMistake(app.db, userId(request), input.game_review_id, input.id, values);
    return updated ? { api_data: updated } : notFound(reply, 'No such mistake');
  });

  route(app, gameReviewsApi.mistakes, auth, async (request, reply) => {
    const { game_review_id } = request.body;
    const review = await findReview(app.db, userId(request), game_review_id);
    if (!review) return notFound(reply, 'No such game review');
    return { api_data: await listMistakes(app.db, userId(request), game_review_id) };
  });

  route(app, gameReviewsApi.remove, auth, async (request, reply) => {
    const input = request.body;
    if (input.game_review_id !== undefined) {
      const deleted = await deleteReview(app.db, userId(request), input.game_review_id);
      forgetOwnGames(app, userId(request));
      return deleted
        ? { api_data: { deleted: 'game_review' as const, id: input.game_review_id } }
        : notFound(reply, 'No such game review');
    }
    const id = input.mistake_id!;
    const deleted = await deleteMistake(app.db, userId(request), id);
    return deleted ? { api_data: { deleted: 'mistake' as const, id } } : notFound(reply, 'No such mistake');
  });
}

function notFound(reply: FastifyReply, error: string) {
  return reply.code(404).send({ error });
}

/** A review's PGN must be a game whose moves replay legally, or the board could not show it. */
function checkPgn(pgn: string): void {
  const parsed = parseGames(pgn);
  if (parsed.isErr) throw new BadRequestError(`pgn: ${parsed.error.message}`);
}
