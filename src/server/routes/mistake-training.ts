import type { FastifyInstance } from 'fastify';
import { mistakeTrainingApi } from '@contract/mistake-training.js';
import { cardFromMistake, recordAttempt, trainingOf } from '../analysis/mistake-training.js';
import { findReview } from '../game-reviews/game-reviews-repository.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { route } from './route.js';

/**
 * Training from a review's mistakes (src/contract/mistake-training.ts). Another player's review or
 * Mistake answers as a missing one (404).
 *
 *   POST /api/mistake-card {mistake_id}              -> {api_data: {card_id, created}}
 *   GET  /api/mistake-training?game_review_id=       -> {api_data: [{ply, card_id, in_repertoire, tries, solved}]}
 *   POST /api/learn-attempts {game_review_id, ply, uci, solved} -> {api_data: {ply, tries, solved}}
 */
export async function mistakeTrainingRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.requireUser);

  route(app, mistakeTrainingApi.card, {}, async (request, reply) => {
    const outcome = await cardFromMistake(app, request.user!.id, request.body.mistake_id);
    if ('missing' in outcome) return reply.code(404).send({ error: 'No such mistake' });
    if ('error' in outcome) throw new BadRequestError(outcome.error);
    return { api_data: outcome };
  });

  route(app, mistakeTrainingApi.training, {}, async (request, reply) => {
    const userId = request.user!.id;
    const review = await findReview(app.db, userId, request.query.game_review_id);
    if (!review) return reply.code(404).send({ error: 'No such game review' });
    return { api_data: await trainingOf(app, userId, review) };
  });

  route(app, mistakeTrainingApi.learnAttempt, {}, async (request, reply) => {
    const userId = request.user!.id;
    const review = await findReview(app.db, userId, request.body.game_review_id);
    if (!review) return reply.code(404).send({ error: 'No such game review' });
    const outcome = await recordAttempt(app, userId, review, request.body);
    if ('error' in outcome) throw new BadRequestError(outcome.error);
    return { api_data: outcome };
  });
}
