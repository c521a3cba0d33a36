// A player's one-at-a-time background tasks (preparations, schedule optimisation) as rows any process can run.
import { jsonb, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { jobsSchema } from './columns.js';

export const playerTasks = pgTable(
  'player_tasks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which task: 'prep' or 'optimise'. One row per player and kind, the latest run. */
    kind: text('kind').notNull(),
    /** Which run the row holds. */
    run: text('run').notNull(),
    /** 'queued:…' while it waits for a process, else the working attempt's token. */
    attempt: text('attempt').notNull(),
    input: jsonb('input').notNull(),
    status: text('status', { enum: ['running', 'ended'] }).notNull(),
    /** The last progress told, for streams that join late. */
    progress: jsonb('progress'),
    /** What the run saved on its way (a preparation's fetched games): a run taken over goes on from it. */
    saved: jsonb('saved'),
    /** What the run ended with (small: results live in their own tables). */
    outcome: jsonb('outcome'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    jobsSchema: jobsSchema(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
