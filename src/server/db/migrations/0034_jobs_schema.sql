ALTER TABLE "coverage_runs" ADD COLUMN IF NOT EXISTS "jobs_schema" text DEFAULT 'pgboss' NOT NULL;--> statement-breakpoint
ALTER TABLE "starter_builds" ADD COLUMN IF NOT EXISTS "jobs_schema" text DEFAULT 'pgboss' NOT NULL;--> statement-breakpoint
ALTER TABLE "player_tasks" ADD COLUMN IF NOT EXISTS "jobs_schema" text DEFAULT 'pgboss' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_game_checks" ADD COLUMN IF NOT EXISTS "jobs_schema" text DEFAULT 'pgboss' NOT NULL;
