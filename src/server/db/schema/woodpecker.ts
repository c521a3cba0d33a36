// Woodpecker sets: fixed sets of a player's positions solved in cycles, apart from the FSRS schedule.
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

export const woodpeckerSets = pgTable(
  'woodpecker_sets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source', { enum: ['mistakes', 'cards'] }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('woodpecker_sets_user_idx').on(t.userId, t.id)],
);

/** A set's positions, in solving order; copied in when the set is made, so the set never changes. */
export const woodpeckerPositions = pgTable(
  'woodpecker_positions',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => woodpeckerSets.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    fen: text('fen').notNull(),
    answerUci: text('answer_uci').notNull(),
    answerSan: text('answer_san').notNull(),
    /** 'White vs. Black, 23. Nf3?' for a mistake, the prompt for a card. */
    title: text('title').notNull(),
    orientation: text('orientation', { enum: ['white', 'black'] }).notNull(),
  },
  (t) => [uniqueIndex('woodpecker_positions_set_idx').on(t.setId, t.ordinal)],
);

/** A cycle through a set: the target time is half the last cycle's (the first has none). */
export const woodpeckerCycles = pgTable(
  'woodpecker_cycles',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => woodpeckerSets.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    targetMs: integer('target_ms'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.setId, t.cycle] })],
);

/** One answer to a position in a cycle: only the first counts, so one row per (set, cycle, position). */
export const woodpeckerAttempts = pgTable(
  'woodpecker_attempts',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => woodpeckerSets.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    positionId: integer('position_id')
      .notNull()
      .references(() => woodpeckerPositions.id, { onDelete: 'cascade' }),
    uci: text('uci').notNull(),
    correct: boolean('correct').notNull(),
    ms: integer('ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('woodpecker_attempts_cycle_idx').on(t.setId, t.cycle, t.positionId)],
);
