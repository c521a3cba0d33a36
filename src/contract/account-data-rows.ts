// The rows of the kinds the export document gained after its first version (account-data.ts holds
// the document): repertoire sources and workshop edits, coverage goals and expected scores, the fitted
// schedule, game analyses and tries at mistakes, kept opponent preparations and Woodpecker sets. Rows
// name others by their id in the document (an analysis its review, an edit its group's first edit, an
// answer its set's position); the import maps those ids to the rows it makes.
import { z } from 'zod';
import { makeScheduler } from '../chess/scheduling.js';
import { MAX_ROW_ID } from './common.js';
import { count, fen, isoDate, sourceId, text } from './export-fields.js';
import { GOAL_MAX, GOAL_MIN } from './coverage-goal.js';
import { httpLink } from './http-link.js';
import { PREP_SITES } from './opponent-prep.js';
import { EDIT_OPS, MAX_NOTE_LENGTH } from './repertoire.js';
import { WOODPECKER_MAX_SIZE } from './woodpecker.js';

/** A source's text came in one request of at most 5 MB. */
export const MAX_SOURCE_TEXT_CHARS = 5 * 1024 * 1024;

const color = z.enum(['white', 'black']);
const unit = z.number().min(0).max(1);
const uci = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, 'must be a move in UCI like e2e4');
const ply = z.number().int().min(0).max(2000);

/** A source of a colour's repertoire; the colour's study holds the union of the enabled ones. */
export const exportedRepertoireSource = z.object({
  id: sourceId,
  color,
  ordinal: z.number().int().min(0).max(1_000_000),
  name: text(10_000),
  kind: z.enum(['lichess', 'file']),
  link: httpLink(2000).nullable(),
  study_text: z
    .string()
    .max(MAX_SOURCE_TEXT_CHARS)
    .refine((s) => s.trim() !== '', 'study_text is empty'),
  exclusions: text(20),
  enabled: z.boolean(),
  positions: count.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
});

/** A workshop edit; edits made together share group_id, the id of the group's first edit. */
export const exportedRepertoireEdit = z.object({
  id: sourceId,
  color,
  op: z.enum(EDIT_OPS),
  line: z.string().min(1).max(4000),
  san: z.string().min(1).max(20),
  anchored: z.boolean(),
  comment: text(MAX_NOTE_LENGTH).nullable(),
  plies: z.number().int().min(0).max(1000).optional(),
  pushed: z.boolean(),
  created_at: isoDate,
  group_id: sourceId.nullable(),
});

export const exportedCoverageGoal = z.object({
  color,
  goal: z.number().min(GOAL_MIN).max(GOAL_MAX),
  updated_at: isoDate,
});

export const exportedExpectedScore = z.object({
  id: sourceId,
  color,
  score: unit,
  baseline: unit,
  /** Over 1 when the player has several first moves, each reached from the start. */
  covered_reach: z.number().min(0).max(1000),
  speeds: text(200),
  ratings: text(200),
  created_at: isoDate,
});

/** FSRS weights fitted to the player's reviews. */
export const exportedScheduler = z.object({
  weights: z
    .array(z.number().min(-1000).max(1000))
    .min(17)
    .max(19)
    .refine((w) => makeScheduler({ weights: w }).isOk, 'not weights a scheduler can use'),
  reviews: count,
  actual_recall: unit.nullable(),
  default_recall: unit.nullable(),
  fitted_recall: unit.nullable(),
  optimised_at: isoDate,
});

const bestUci = uci.nullable().optional();
/** As POST /api/game-analysis takes them: cp or mate from White's side after `ply` half-moves. */
const plyEval = z.union([
  z.object({ ply, cp: z.number().int().min(-100_000).max(100_000), best_uci: bestUci }).strict(),
  z.object({ ply, mate: z.number().int().min(-500).max(500), best_uci: bestUci }).strict(),
]);
const percent = z.number().int().min(0).max(100).nullable();
const acpl = z.number().int().min(0).max(100_000).nullable();

/** A review's stored engine analysis, keyed by the review's id in the document. */
export const exportedGameAnalysis = z.object({
  game_review_id: sourceId,
  depth: z.number().int().min(1).max(40),
  evals: z.array(plyEval).max(2001),
  accuracy_white: percent,
  accuracy_black: percent,
  acpl_white: acpl,
  acpl_black: acpl,
  updated_at: isoDate,
});

/** A try in "Learn from your mistakes", keyed by the review's id in the document. */
export const exportedLearnAttempt = z.object({
  id: sourceId,
  game_review_id: sourceId,
  ply: ply.min(1),
  uci,
  solved: z.boolean(),
  created_at: isoDate,
});

const prepGame = z.object({
  link: httpLink(500).nullable(),
  date_time_played: text(100).nullable(),
  opponent_name: text(200),
  site: text(50),
  ply,
  result: unit.nullable(),
});

export const exportedOpponentPrep = z.object({
  id: sourceId,
  site: z.enum(PREP_SITES),
  username: z.string().min(1).max(100),
  color,
  games: count,
  compared: count,
  surprises: z
    .array(
      z.object({
        fen,
        line: text(10_000),
        fen_after: fen,
        move_number: z.number().int().min(0).max(1000),
        color,
        played_san: text(20),
        played_uci: uci,
        expected_san: z.array(text(20)).max(500),
        expected_uci: z.array(uci).max(500),
        count,
        score: unit.nullable(),
        games: z.array(prepGame).max(10_000),
      }),
    )
    .max(10_000),
  their_lines: z.array(z.object({ line: text(10_000), plies: ply, fen, count, score: unit.nullable() })).max(10_000),
  created_at: isoDate,
});

/** A Woodpecker set with its positions, its cycles and the answers given in them. */
export const exportedWoodpeckerSet = z.object({
  id: sourceId,
  name: z.string().min(1).max(200),
  source: z.enum(['mistakes', 'cards']),
  size: z.number().int().min(1).max(WOODPECKER_MAX_SIZE),
  created_at: isoDate,
  positions: z
    .array(
      z.object({
        id: sourceId,
        ordinal: z.number().int().min(0).max(WOODPECKER_MAX_SIZE),
        fen,
        answer_uci: uci,
        answer_san: z.string().min(1).max(20),
        title: text(11_000),
        orientation: color,
      }),
    )
    .min(1)
    .max(WOODPECKER_MAX_SIZE),
  cycles: z
    .array(
      z.object({
        cycle: z.number().int().min(1).max(10_000),
        target_ms: z.number().int().min(0).max(MAX_ROW_ID).nullable(),
        started_at: isoDate,
        finished_at: isoDate.nullable(),
      }),
    )
    .min(1)
    .max(10_000),
  attempts: z
    .array(
      z.object({
        id: sourceId,
        cycle: z.number().int().min(1).max(10_000),
        position_id: sourceId,
        uci,
        correct: z.boolean(),
        ms: z.number().int().min(0).max(3_600_000),
        created_at: isoDate,
      }),
    )
    .max(100_000),
});

export type ExportedRepertoireSource = z.infer<typeof exportedRepertoireSource>;
export type ExportedRepertoireEdit = z.infer<typeof exportedRepertoireEdit>;
export type ExportedCoverageGoal = z.infer<typeof exportedCoverageGoal>;
export type ExportedExpectedScore = z.infer<typeof exportedExpectedScore>;
export type ExportedScheduler = z.infer<typeof exportedScheduler>;
export type ExportedGameAnalysis = z.infer<typeof exportedGameAnalysis>;
export type ExportedLearnAttempt = z.infer<typeof exportedLearnAttempt>;
export type ExportedOpponentPrep = z.infer<typeof exportedOpponentPrep>;
export type ExportedWoodpeckerSet = z.infer<typeof exportedWoodpeckerSet>;
