import { z } from 'zod';
import { apiData } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Training from a game's mistakes: the card made from a mistake (once: asking again answers the same
 * card), which mistakes' positions are in the player's repertoire, and the tries of "Learn from your
 * mistakes", kept by the review and the mistake's half-move.
 */

const id = z.number().int().positive().max(2_147_483_647);

/** POST /api/mistake-card {mistake_id} → {card_id, created}: `created` false when the card was made before. */
const mistakeCardRequest = z.object({ mistake_id: id }).strict();
const mistakeCardAnswer = z.object({ card_id: z.string(), created: z.boolean() });
export type MistakeCardAnswer = z.infer<typeof mistakeCardAnswer>;

const mistakeTrainingQuery = z.object({
  game_review_id: z.coerce.number({ error: 'game_review_id is required' }).int().positive().max(2_147_483_647),
});

/** One mistake's training so far. */
export const mistakeTraining = z.object({
  ply: z.number().int(),
  /** The card made from it, if any. */
  card_id: z.string().nullable(),
  /** The position before the move is in the player's repertoire (Add to drill). */
  in_repertoire: z.boolean(),
  /** Tries in Learn from your mistakes, and whether one was right. */
  tries: z.number().int(),
  solved: z.boolean(),
});
export type MistakeTraining = z.infer<typeof mistakeTraining>;

/** GET /api/mistake-training?game_review_id= → one entry per Mistake of the review with a half-move. */
const mistakeTrainingAnswer = z.array(mistakeTraining);

/** POST /api/learn-attempts: a move tried at a mistake's position, judged right or not by the browser's engine. */
const learnAttemptRequest = z
  .object({
    game_review_id: id,
    ply: z.number().int().min(1, 'ply must be 1 or more').max(2000),
    uci: z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, 'uci must be a move in UCI like e2e4'),
    solved: z.boolean(),
  })
  .strict();
export type LearnAttemptRequest = z.infer<typeof learnAttemptRequest>;
/** → the mistake's tries so far. */
const learnAttemptAnswer = z.object({ ply: z.number().int(), tries: z.number().int(), solved: z.boolean() });
export type LearnAttemptAnswer = z.infer<typeof learnAttemptAnswer>;

export const mistakeTrainingApi = {
  card: endpoint({
    method: 'POST',
    path: '/api/mistake-card',
    body: mistakeCardRequest,
    answer: apiData(mistakeCardAnswer),
    errors: [400, 404],
  }),
  training: endpoint({
    method: 'GET',
    path: '/api/mistake-training',
    query: mistakeTrainingQuery,
    answer: apiData(mistakeTrainingAnswer),
    errors: [404],
  }),
  learnAttempt: endpoint({
    method: 'POST',
    path: '/api/learn-attempts',
    body: learnAttemptRequest,
    answer: apiData(learnAttemptAnswer),
    errors: [400, 404],
  }),
};
