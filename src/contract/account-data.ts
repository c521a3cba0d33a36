// The player's own data: the export document (format "chess-prep", version 1), its import, the
// Anki deck and deleting the account.
//   GET  /api/export            JSON attachment, streamed: the document below
//   POST /api/import            that JSON (or a multipart file field `file`) -> {api_data: AllImportCounts};
//                               400 {error} names the first bad row; nothing is stored then
//   GET  /api/export/anki.txt   Anki text import of the cards (#separator:tab, #html:true, ...)
//   POST /api/delete-account    form password -> {api_result: 'account_deleted' | 'bad_password'}
//
// Example document (abridged):
//   {"format":"chess-prep","version":1,"exported_at":"2026-01-01T00:00:00.000Z",
//    "user":{"email":"a@b.c","username":"a","username_lichess":null,"username_chess_dot_com":null},
//    "settings":{"drill_new_per_day":20,"auto_import":false},
//    "studies":{"white":{...},"black":null},"game_reviews":[{..., "mistakes":[...]}],"cards":[...],
//    "review_logs":[...],"drill":[{..., "logs":[...]}],"uploaded_stats":[...],
//    "repertoire_sources":[{"id":3,"color":"white",...}],"repertoire_edits":[{"id":7,"group_id":null,...}],
//    "coverage_goals":[{"color":"white","goal":0.01,...}],"expected_scores":[...],"scheduler":{"weights":[...],...},
//    "game_analyses":[{"game_review_id":12,...}],"learn_attempts":[{"game_review_id":12,...}],
//    "opponent_preps":[...],"woodpecker_sets":[{..., "positions":[...],"cycles":[...],"attempts":[...]}]}
// No password hash, token or session is ever part of it. The keys after uploaded_stats came later:
// a document without them imports as it always did.
//
// The import's body is read as it streams in (an export runs to 100 MB): each row is checked with its
// kind's schema below (exportedCard, exportedGameReview, ...) as soon as it has arrived, so the
// document is never held as one text nor validated in one piece that would stall the server.
import { z } from 'zod';
import { ORIENTATIONS, RATINGS, STATES } from '../chess/scheduling.js';
import { MAX_SOURCE_TEXT_CHARS } from './account-data-rows.js';
import { cardInput } from './cards.js';
import { answerType, endpoint } from './endpoint.js';
import { count, fen, isoDate, sourceId, text } from './export-fields.js';
import { HERO_COLORS, MAX_NOTES_CHARS, MAX_PGN_CHARS } from './game-reviews.js';
import { httpLink } from './http-link.js';
import { MAX_SOURCES_PER_COLOR } from './repertoire-sources.js';

export const EXPORT_FORMAT = 'chess-prep';
export const EXPORT_VERSION = 1;

const COLORS = ['white', 'black'] as const;
const days = z.number().int().min(0).max(1_000_000);
const real = z.number().min(0).max(1_000_000);
const state = z.union(STATES.map((s) => z.literal(s)));
const rating = z.union(RATINGS.map((r) => z.literal(r)));
/** A colour's study holds the union of its sources (each chapter named by its source). */
const MAX_STUDY_TEXT_CHARS = MAX_SOURCES_PER_COLOR * MAX_SOURCE_TEXT_CHARS + 1_000_000;

/** Kept from the exporting account only to fill empty names; email and username never move. */
export const exportedUser = z.object({
  email: z.string().max(320),
  username: z.string().max(200),
  username_lichess: z.string().max(200).nullable(),
  username_chess_dot_com: z.string().max(200).nullable(),
});

/** The player's settings. */
export const exportedSettings = z.object({
  drill_new_per_day: z.number().int().min(0).max(1000),
  /** The automatic import of new games; left out while the player never chose. */
  auto_import: z.boolean().optional(),
});

export const exportedMistake = z.object({
  id: sourceId,
  ply: z.number().int().min(0).max(2000).nullable(),
  fen: z.string().max(200).nullable(),
  move: z.string().max(20).nullable(),
  better_move: z.string().max(20).nullable(),
  notes: text(MAX_NOTES_CHARS),
  /** Engine-made mistakes only; older exports leave it out. */
  kind: z.enum(['inaccuracy', 'mistake', 'blunder']).nullable().optional(),
});

export const exportedGameReview = z.object({
  id: sourceId,
  username: text(200),
  opponent_name: text(200),
  hero_color: z.enum(HERO_COLORS),
  date_time_played: isoDate.nullable(),
  site: text(50),
  link: httpLink(500).nullable(),
  pgn: text(MAX_PGN_CHARS).refine((s) => s.trim() !== '', 'pgn is empty'),
  notes: text(MAX_NOTES_CHARS),
  time_control: text(50),
  hero_elo: z.number().int().min(0).max(5000).nullable(),
  opponent_elo: z.number().int().min(0).max(5000).nullable(),
  result: z.number().min(0).max(1).nullable(),
  how_resolved: text(100).nullable(),
  created_at: isoDate.optional(),
  /** Saved by the automatic import. */
  imported: z.boolean().optional(),
  mistakes: z.array(exportedMistake).max(2000).default([]),
});

/** A card with its whole schedule (the card calls' own row schema, every schedule field required). */
export const exportedCard = cardInput.extend({
  orientation: z.enum(ORIENTATIONS),
  due: isoDate,
  stability: real,
  difficulty: z.number().min(0).max(10),
  elapsed_days: days,
  scheduled_days: days,
  reps: count,
  lapses: count,
  state,
  last_review: isoDate.nullable().optional(),
});

export const exportedReviewLog = z.object({
  id: sourceId,
  card_id: z.string().min(1).max(100),
  rating,
  state,
  due: isoDate,
  stability: real,
  difficulty: z.number().min(0).max(10),
  elapsed_days: days,
  last_elapsed_days: days,
  scheduled_days: days,
  review: isoDate,
});

export const exportedStudy = z.object({
  title: text(500),
  link: httpLink(2000).nullable(),
  study_text: z.string().max(MAX_STUDY_TEXT_CHARS).nullable(),
  exclude_move_indicators: text(20),
  last_update: isoDate,
  /** '<study id>/<chapter id>' of the workshop's additions last written to Lichess. */
  additions_chapter: text(200).nullable().optional(),
});

const answer = z.object({ uci: z.string().min(4).max(5), san: z.string().min(1).max(10) });

export const exportedDrillLog = z.object({
  id: sourceId,
  uci: z.string().max(5),
  correct: z.number().int().min(0).max(1),
  rating,
  state,
  due: isoDate,
  stability: real,
  difficulty: z.number().min(0).max(10),
  elapsed_days: days,
  last_elapsed_days: days,
  scheduled_days: days,
  review: isoDate,
});

export const exportedDrillItem = z.object({
  id: sourceId,
  color: z.enum(COLORS),
  position_key: z.string().min(1).max(200),
  fen,
  line: text(10_000),
  move_number: z.number().int().min(1).max(1000),
  answers: z.array(answer).min(1).max(100),
  ord: z.number().int().min(0).max(10_000_000),
  /** The chapters reaching the position, with their Lichess links when known. */
  chapters: z.array(z.object({ name: z.string().max(500), url: httpLink(2000).nullable() })).max(1000),
  retired_at: isoDate.nullable(),
  changed_at: isoDate.nullable(),
  due: isoDate,
  stability: real,
  difficulty: z.number().min(0).max(10),
  elapsed_days: days,
  scheduled_days: days,
  reps: count,
  lapses: count,
  state,
  last_review: isoDate.nullable(),
  created_at: isoDate.optional(),
  logs: z.array(exportedDrillLog).max(100_000).default([]),
});

export const exportedUploadedStats = z.object({
  fen: z.string().min(1).max(200),
  speeds: text(200),
  ratings: text(200),
  white: count,
  draws: count,
  black: count,
  moves: z.array(z.unknown()).max(500),
  updated_at: isoDate.optional(),
});

/** The document around the rows; each list is read row by row afterwards, so a bad row can be named. */
export const exportEnvelope = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `format must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `version must be ${EXPORT_VERSION}` }),
  exported_at: z.string().optional(),
  user: z.unknown().optional(),
  settings: z.unknown().optional(),
  studies: z.object({ white: z.unknown().optional(), black: z.unknown().optional() }).optional(),
  game_reviews: z.array(z.unknown()).optional(),
  cards: z.array(z.unknown()).optional(),
  review_logs: z.array(z.unknown()).optional(),
  drill: z.array(z.unknown()).optional(),
  uploaded_stats: z.array(z.unknown()).optional(),
  repertoire_sources: z.array(z.unknown()).optional(),
  repertoire_edits: z.array(z.unknown()).optional(),
  coverage_goals: z.array(z.unknown()).optional(),
  expected_scores: z.array(z.unknown()).optional(),
  scheduler: z.unknown().optional(),
  game_analyses: z.array(z.unknown()).optional(),
  learn_attempts: z.array(z.unknown()).optional(),
  opponent_preps: z.array(z.unknown()).optional(),
  woodpecker_sets: z.array(z.unknown()).optional(),
});

export type ExportedUser = z.infer<typeof exportedUser>;
export type ExportedSettings = z.infer<typeof exportedSettings>;
export type ExportedGameReview = z.infer<typeof exportedGameReview>;
export type ExportedCard = z.infer<typeof exportedCard>;
export type ExportedReviewLog = z.infer<typeof exportedReviewLog>;
export type ExportedStudy = z.infer<typeof exportedStudy>;
export type ExportedDrillItem = z.infer<typeof exportedDrillItem>;
export type ExportedDrillLog = z.infer<typeof exportedDrillLog>;
export type ExportedUploadedStats = z.infer<typeof exportedUploadedStats>;

/** POST /api/import's body: one JSON object, the document (rows checked as they stream in) or a form with it in `file`. */
const importBody = z.record(z.string(), z.unknown(), {
  error: 'The file is not a Chess Prep export: expected a JSON object',
});

/** POST /api/import's answer: rows added per kind (a study counts when it was stored or replaced). */
const importCounts = z.object({
  game_reviews: z.number().int(),
  mistakes: z.number().int(),
  cards: z.number().int(),
  review_logs: z.number().int(),
  studies: z.number().int(),
  drill: z.number().int(),
  drill_logs: z.number().int(),
  uploaded_stats: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;
/** Rows added of the kinds the format gained later (a source counts when its colour's study was stored). */
const laterImportCounts = z.object({
  repertoire_sources: z.number().int(),
  repertoire_edits: z.number().int(),
  coverage_goals: z.number().int(),
  expected_scores: z.number().int(),
  scheduler: z.number().int(),
  game_analyses: z.number().int(),
  learn_attempts: z.number().int(),
  opponent_preps: z.number().int(),
  woodpecker_sets: z.number().int(),
  woodpecker_attempts: z.number().int(),
});
const allImportCounts = importCounts.extend(laterImportCounts.shape);
export type AllImportCounts = z.infer<typeof allImportCounts>;
/** POST /api/import's answer as sent. */
export const importAnswer = z.object({ api_data: allImportCounts });

/** POST /api/delete-account (a form). */
const deleteAccountRequest = z.object({ password: z.string({ error: 'password is required' }).max(1000) });
const deleteAccountAnswer = z.object({ api_result: z.enum(['account_deleted', 'bad_password']) });
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswer>;

export const accountDataApi = {
  /** The export document as a JSON attachment. */
  exportData: endpoint({ method: 'GET', path: '/api/export', answer: answerType<never>(), answerKind: 'file' }),
  /** 400 names the first bad row; 413 past a size limit; 503 when the server closes during it. */
  importData: endpoint({
    method: 'POST',
    path: '/api/import',
    body: importBody,
    answer: importAnswer,
    errors: [400, 413, 503],
  }),
  ankiDeck: endpoint({ method: 'GET', path: '/api/export/anki.txt', answer: answerType<never>(), answerKind: 'file' }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/delete-account',
    body: deleteAccountRequest,
    bodyKind: 'form',
    answer: deleteAccountAnswer,
    errors: [429],
  }),
};
