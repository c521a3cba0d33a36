// Saved game reviews with their mistakes and engine analysis, and Lichess cloud evaluations.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

export const gameReviews = pgTable(
  'game_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull().default(''),
    opponentName: text('opponent_name').notNull().default(''),
    heroColor: text('hero_color', { enum: ['White', 'Black'] }).notNull(),
    datePlayed: timestamp('date_time_played', { withTimezone: true }),
    site: text('site').notNull().default(''),
    link: text('link'),
    pgn: text('pgn').notNull(),
    notes: text('notes').notNull().default(''),
    timeControl: text('time_control').notNull().default(''),
    heroElo: integer('hero_elo'),
    opponentElo: integer('opponent_elo'),
    /** 1, 0.5 or 0 from the hero's side. */
    result: doublePrecision('result'),
    howResolved: text('how_resolved'),
    /** Saved by the automatic import, not by the player. */
    imported: boolean('imported').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_reviews_user_idx').on(t.userId, t.datePlayed),
    uniqueIndex('game_reviews_user_link_idx').on(t.userId, t.link),
  ],
);

export const mistakes = pgTable(
  'mistakes',
  {
    id: serial('id').primaryKey(),
    gameReviewId: integer('game_review_id')
      .notNull()
      .references(() => gameReviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Half-move index into the game, 1 = White's first move. */
    ply: integer('ply'),
    fen: text('fen'),
    move: text('move'),
    betterMove: text('better_move'),
    notes: text('notes').notNull().default(''),
    /** inaccuracy, mistake or blunder when the engine found it; null when the player marked it. */
    kind: text('kind', { enum: ['inaccuracy', 'mistake', 'blunder'] }),
    createdAt: createdAt(),
  },
  (t) => [index('mistakes_review_idx').on(t.gameReviewId)],
);

/** The browser engine's evaluation of every position of a review's game (a stopped one: as far as it went). */
export const gameAnalyses = pgTable(
  'game_analyses',
  {
    gameReviewId: integer('game_review_id')
      .primaryKey()
      .references(() => gameReviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
    /** [{ply, cp | mate, best_uci}] from White's side, by ply. */
    evals: jsonb('evals').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whole percentages and average centipawn loss of each side, as Lichess computes them. */
    accuracyWhite: integer('accuracy_white'),
    accuracyBlack: integer('accuracy_black'),
    acplWhite: integer('acpl_white'),
    acplBlack: integer('acpl_black'),
  },
  (t) => [index('game_analyses_user_idx').on(t.userId)],
);

/** Lichess's cloud evaluations, shared by all users; `answer` null when Lichess had none. */
export const cloudEvals = pgTable(
  'cloud_evals',
  {
    /** Position key (FEN without move counters). */
    fen: text('fen').notNull(),
    multiPv: integer('multi_pv').notNull(),
    answer: jsonb('answer'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fen, t.multiPv] })],
);

/** Each try at a mistake of the player's in "Learn from your mistakes": the move played and whether it was right. */
export const learnAttempts = pgTable(
  'learn_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameReviewId: integer('game_review_id')
      .notNull()
      .references(() => gameReviews.id, { onDelete: 'cascade' }),
    /** The mistake's half-move, 1 = White's first move: kept by ply, as a new analysis remakes the Mistakes. */
    ply: integer('ply').notNull(),
    uci: text('uci').notNull(),
    solved: boolean('solved').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('learn_attempts_review_idx').on(t.gameReviewId, t.ply)],
);
