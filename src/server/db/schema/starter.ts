// The latest starter repertoire build of each player and colour: its form, progress and result.
import { boolean, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { jobsSchema } from './columns.js';

export const starterBuilds = pgTable(
  'starter_builds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    /** Which build this row holds: a newer start replaces it (and its streams end). */
    build: text('build').notNull(),
    /**
     * Who works on it: 'queued:…' while it waits for a process, else the working attempt's token. An
     * attempt whose token is gone writes nothing more.
     */
    attempt: text('attempt').notNull(),
    line: text('line').notNull(),
    speeds: text('speeds').notNull(),
    ratings: text('ratings').notNull(),
    goal: doublePrecision('goal').notNull(),
    status: text('status', { enum: ['running', 'done', 'stopped', 'failed'] }).notNull(),
    message: text('message'),
    /** Positions looked up, and known still to look up. */
    done: integer('done').notNull().default(0),
    queued: integer('queued').notNull().default(0),
    positions: integer('positions').notNull().default(0),
    ownMoves: integer('own_moves').notNull().default(0),
    lines: integer('lines').notNull().default(0),
    /** The tree so far as PGN (saved with progress, so a stopped or failed build keeps it). */
    pgn: text('pgn').notNull().default(''),
    stopRequested: boolean('stop_requested').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    jobsSchema: jobsSchema(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.color] })],
);
