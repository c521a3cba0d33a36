// The coverage goal per player and colour, and the expected score kept over time for Progress.
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './accounts.js';

/** A goal the player set; without a row the goal follows their rating band. */
export const repertoireGoals = pgTable(
  'repertoire_goals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    /** 0..1: the reach below which a line is optional. */
    goal: doublePrecision('goal').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.color] })],
);

/** The expected score each time it changed (after a coverage check or an edit). */
export const expectedScores = pgTable(
  'expected_scores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    score: doublePrecision('score').notNull(),
    baseline: doublePrecision('baseline').notNull(),
    coveredReach: doublePrecision('covered_reach').notNull(),
    speeds: text('speeds').notNull(),
    ratings: text('ratings').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('expected_scores_user_color_idx').on(t.userId, t.color, t.id)],
);
