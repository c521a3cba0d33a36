import { text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The job queue's database schema when the config names none. */
export const DEFAULT_JOBS_SCHEMA = 'pgboss';

/**
 * The job queue (its pg-boss schema) a row's work was queued on: only processes of that queue take the
 * work over, so apps on one database with queues of their own never run each other's work.
 */
export const jobsSchema = () => text('jobs_schema').notNull().default(DEFAULT_JOBS_SCHEMA);
