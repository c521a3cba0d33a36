import { z } from 'zod';
import { apiData, color, rowId } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The engine's figures: Lichess's cloud evaluation through the server (cached), a game's analysis by
 * the browser's engine stored with its review, the explorer's replies in a position for the suggested
 * answer, and the player's own repertoire moves for the repertoire check. Evaluations are from
 * White's side, as Lichess gives them.
 */

const fenText = z.string({ error: 'fen is required' }).trim().min(1, 'fen is required').max(100, 'fen is too long');

const cloudEvalQuery = z.object({
  fen: fenText,
  multiPv: z.coerce
    .number({ error: 'multiPv must be a number from 1 to 5' })
    .int('multiPv must be a whole number')
    .min(1, 'multiPv must be 1 to 5')
    .max(5, 'multiPv must be 1 to 5')
    .default(1),
});

/** One line: centipawns or moves to mate (White's side), and its moves in UCI separated by spaces. */
const cloudPv = z.union([
  z.object({ cp: z.number(), moves: z.string() }),
  z.object({ mate: z.number(), moves: z.string() }),
]);

export const cloudEval = z.object({ depth: z.number().int(), pvs: z.array(cloudPv) });
export type CloudEval = z.infer<typeof cloudEval>;

/** GET /api/cloud-eval → {api_data: CloudEval | null}: null when Lichess has none or does not answer. */
export const cloudEvalAnswer = cloudEval.nullable();

const ply = z.number().int('ply must be a whole number').min(0, 'ply must be 0 or more').max(2000);
const bestUci = z
  .string()
  .regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, 'best_uci must be a move in UCI like e2e4')
  .nullable()
  .optional();

/** What the engine found in the position after `ply` half-moves (0 = the start): cp or mate, White's side. */
const plyEval = z.union([
  z.object({ ply, cp: z.number().int().min(-100_000).max(100_000), best_uci: bestUci }).strict(),
  z.object({ ply, mate: z.number().int().min(-500).max(500), best_uci: bestUci }).strict(),
]);
export type PlyEval = z.infer<typeof plyEval>;

const gameAnalysisRequest = z.object({
  game_review_id: rowId,
  depth: z.number().int().min(1, 'depth must be 1 to 40').max(40, 'depth must be 1 to 40'),
  evals: z.array(plyEval).max(2001, 'too many evaluations'),
});

export const MISTAKE_KINDS = ['inaccuracy', 'mistake', 'blunder'] as const;

const reviewMistake = z.object({
  id: z.number().int(),
  game_review_id: z.number().int(),
  ply: z.number().int().nullable(),
  fen: z.string().nullable(),
  move: z.string().nullable(),
  better_move: z.string().nullable(),
  notes: z.string(),
  /** Set on engine-made mistakes; null on hand-marked ones. */
  kind: z.enum(MISTAKE_KINDS).nullable(),
});
export type ReviewMistake = z.infer<typeof reviewMistake>;

/** A figure of each side; null for a side with no analysed move. */
const sideFigures = z.object({ white: z.number().int().nullable(), black: z.number().int().nullable() });

/**
 * POST /api/game-analysis → the review's mistakes, hand-marked and engine-made, with each side's
 * accuracy (whole percent) and average centipawn loss as Lichess computes them.
 */
const gameAnalysisAnswer = z.object({
  mistakes: z.array(reviewMistake),
  accuracy: sideFigures,
  acpl: sideFigures,
});

const gameAnalysisQuery = z.object({
  game_review_id: rowId,
});

/** GET /api/game-analysis?game_review_id= → the stored analysis, or null. */
const storedAnalysis = z.object({
  depth: z.number().int(),
  evals: z.array(plyEval),
  updated_at: z.string(),
  accuracy: sideFigures,
  acpl: sideFigures,
});
export type StoredAnalysis = z.infer<typeof storedAnalysis>;

/** GET /api/game-analysis/pending → the ids of the player's reviews not analysed yet, newest played first. */
export const pendingAnalysis = z.object({ ids: z.array(z.number().int()), analysed: z.number().int() });
export type PendingAnalysis = z.infer<typeof pendingAnalysis>;

const candidatesQuery = z.object({
  fen: fenText,
  speeds: z.string().max(200).optional(),
  ratings: z.string().max(200).optional(),
});

/** A reply in the explorer at the given bands; `score` 0..1 for the side to move, `score_low` its 95% Wilson lower bound. */
export const candidate = z.object({
  uci: z.string(),
  san: z.string(),
  games: z.number().int(),
  score: z.number(),
  score_low: z.number(),
});
export type Candidate = z.infer<typeof candidate>;

/** GET /api/engine/candidates → the explorer's replies, most played first; `error` when the explorer failed. */
const candidatesAnswer = z.object({ moves: z.array(candidate), error: z.string().nullable() });
export type CandidatesAnswer = z.infer<typeof candidatesAnswer>;

const ownMovesQuery = z.object({ color, limit: z.coerce.number().int().min(1).max(500).default(60) });

/** One of the player's own repertoire moves: the position before it, how likely a game reaches it. */
const ownMove = z.object({
  fen: z.string(),
  /** Movetext from the start to the position (the move not included). */
  line: z.string(),
  uci: z.string(),
  san: z.string(),
  /** 0..1. */
  reach: z.number(),
});
export type OwnMove = z.infer<typeof ownMove>;

export const engineApi = {
  /** 400 for a FEN that is not a legal position. */
  cloudEval: endpoint({
    method: 'GET',
    path: '/api/cloud-eval',
    query: cloudEvalQuery,
    answer: apiData(cloudEvalAnswer),
    errors: [400],
  }),
  /** 400 for evaluations that do not fit the review's game. */
  saveAnalysis: endpoint({
    method: 'POST',
    path: '/api/game-analysis',
    body: gameAnalysisRequest,
    answer: apiData(gameAnalysisAnswer),
    errors: [400, 404],
  }),
  analysis: endpoint({
    method: 'GET',
    path: '/api/game-analysis',
    query: gameAnalysisQuery,
    answer: apiData(storedAnalysis.nullable()),
    errors: [404],
  }),
  pendingAnalysis: endpoint({ method: 'GET', path: '/api/game-analysis/pending', answer: apiData(pendingAnalysis) }),
  candidates: endpoint({
    method: 'GET',
    path: '/api/engine/candidates',
    query: candidatesQuery,
    answer: apiData(candidatesAnswer),
    errors: [400],
  }),
  /** 400 when the player has no study of the colour. */
  ownMoves: endpoint({
    method: 'GET',
    path: '/api/engine/own-moves',
    query: ownMovesQuery,
    answer: apiData(z.array(ownMove)),
    errors: [400],
  }),
};
