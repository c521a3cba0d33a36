// The repertoire drill: items and answer logs; statistics a player uploaded.
import { sql } from 'drizzle-orm';
import {
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

/** One drill item: a repertoire position with the player to move, scheduled like a card (FSRS). */
export const drillItems = pgTable(
  'drill_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    /** Position key (FEN without move counters). */
    positionKey: text('position_key').notNull(),
    fen: text('fen').notNull(),
    /** Movetext of a shortest line to the position. */
    line: text('line').notNull().default(''),
    moveNumber: integer('move_number').notNull().default(1),
    /** [{uci, san}] of the repertoire moves here. */
    answers: jsonb('answers').notNull(),
    /** Repertoire order (for serving New items). */
    ord: integer('ord').notNull().default(0),
    /** Chapter names that reach the position, for the link to the study. */
    chapters: jsonb('chapters').notNull().default([]),
    /**
     * Digest of fen, line, move number, answers and chapters as last synced: a re-sync reads this
     * instead of the texts. Null (imported rows) means rewrite at the next sync.
     */
    contentDigest: text('content_digest'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The answers changed at the last sync. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('drill_items_user_color_key_idx').on(t.userId, t.color, t.positionKey),
    // Only items that can fall due (reviewed, changed or focused): New items, most of a fresh deck,
    // stay out of it, so a first sync of a large study writes one index less per row.
    index('drill_items_due_idx')
      .on(t.userId, t.color, t.due)
      .where(sql`${t.state} <> 0 or ${t.changedAt} is not null`),
  ],
);

/** Every drill answer, like review_logs for cards. */
export const drillLogs = pgTable(
  'drill_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull(),
    /** The move played (uci) and whether it was a repertoire move. */
    uci: text('uci').notNull(),
    correct: integer('correct').notNull(),
    rating: integer('rating').notNull(),
    /** State before the answer (0 = New: counts toward the day's new items). */
    state: integer('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    review: timestamp('review', { withTimezone: true }).notNull(),
  },
  (t) => [index('drill_logs_user_review_idx').on(t.userId, t.review), index('drill_logs_item_idx').on(t.itemId)],
);

/** Explorer statistics a player uploaded (update_stats): theirs alone, never the shared cache. */
export const userPositionStats = pgTable(
  'user_position_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fen: text('fen').notNull(),
    speeds: text('speeds').notNull(),
    ratings: text('ratings').notNull(),
    white: integer('white').notNull(),
    draws: integer('draws').notNull(),
    black: integer('black').notNull(),
    moves: jsonb('moves').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fen, t.speeds, t.ratings] })],
);
