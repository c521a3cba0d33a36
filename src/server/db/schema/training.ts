// Opponent preparations, Today's visits and background game checks, the player's own FSRS weights.
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
import { createdAt, jobsSchema } from './columns.js';
import { users } from './accounts.js';

/** The last preparation against one opponent: one row per (player, site, opponent, colour), replaced when run again. */
export const opponentPreps = pgTable(
  'opponent_preps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site', { enum: ['lichess', 'chesscom'] }).notNull(),
    /** The opponent's name as the site spells it in their games (as typed when no game names them). */
    username: text('username').notNull(),
    /** Lower case: names on both sites are case-insensitive. */
    usernameKey: text('username_key').notNull(),
    /** The colour the player will have. */
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    games: integer('games').notNull(),
    compared: integer('compared').notNull(),
    /** {surprises, their_lines} as answered. */
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('opponent_preps_key_idx').on(t.userId, t.site, t.usernameKey, t.color),
    index('opponent_preps_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * When the player last looked at Today, to tell games played since the previous visit. A visit is a run
 * of Today loads less than 30 minutes apart; previousSeenAt is the last load of the visit before.
 */
export const todayVisits = pgTable('today_visits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
});

export const gameCheckSites = ['lichess', 'chesscom'] as const;

/**
 * The player's recent games on a site as last fetched in the background for Today (at most once an
 * hour per site): a failed fetch keeps the games of the last one that worked.
 */
export const siteGameChecks = pgTable(
  'site_game_checks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site', { enum: gameCheckSites }).notNull(),
    /** The saved username the games belong to. */
    username: text('username').notNull(),
    /** When the last fetch started (claimed by one process). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When it ended; null while it runs. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the process fetching said last that it still does (every few seconds while it runs). */
    beatAt: timestamp('beat_at', { withTimezone: true }),
    /** Why the last fetch failed; null when it worked. */
    error: text('error'),
    /** [{link, played}] of the games fetched (played: ISO date-time or null). */
    games: jsonb('games').notNull().default([]),
    /** Games the last fetch saved as reviews (with the automatic import on). */
    imported: integer('imported').notNull().default(0),
    /** The latest date played of the games imported under this username: the next import takes later ones. */
    importedUntil: timestamp('imported_until', { withTimezone: true }),
    /** The job queue the last claim's fetch was queued on. */
    jobsSchema: jobsSchema(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.site] })],
);

/** The player's choice of the automatic import of new games; without a row it is on (with a site username). */
export const gameImportSettings = pgTable('game_import_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoImport: boolean('auto_import').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** FSRS weights fitted to the player's own reviews: their cards and drill are scheduled with them. */
export const playerSchedulers = pgTable('player_schedulers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 19 FSRS-5 weights. */
  weights: jsonb('weights').notNull(),
  /** Reviews the weights were fitted to. */
  reviews: integer('reviews').notNull(),
  /** 0..1: recall at those reviews, as it was and as the default and the fitted weights predicted it. */
  actualRecall: doublePrecision('actual_recall'),
  defaultRecall: doublePrecision('default_recall'),
  fittedRecall: doublePrecision('fitted_recall'),
  optimisedAt: timestamp('optimised_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The player's last "Optimise my schedule": a fit costs seconds of CPU, so each player may start one
 * at most once per cooldown, on any process. finished_at is null while it runs.
 */
export const scheduleOptimisations = pgTable('schedule_optimisations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
