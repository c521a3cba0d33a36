-- A coverage run is worked as a job that any process may take up: the form it was started with (to
-- build its repertoire again), the lease of the process working on it, and a stop asked from any process.
ALTER TABLE "coverage_runs" ADD COLUMN IF NOT EXISTS "input" jsonb;--> statement-breakpoint
ALTER TABLE "coverage_runs" ADD COLUMN IF NOT EXISTS "lease_token" text;--> statement-breakpoint
ALTER TABLE "coverage_runs" ADD COLUMN IF NOT EXISTS "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coverage_runs" ADD COLUMN IF NOT EXISTS "stop_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coverage_runs_running_idx" ON "coverage_runs" USING btree ("lease_until") WHERE "status" = 'running';--> statement-breakpoint
-- A 429 rests the token it answered (a hash of it; '' for calls without one), not the whole host.
ALTER TABLE "site_pauses" ADD COLUMN IF NOT EXISTS "token_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_pauses" DROP CONSTRAINT IF EXISTS "site_pauses_pkey";--> statement-breakpoint
ALTER TABLE "site_pauses" ADD CONSTRAINT "site_pauses_host_token_key_pk" PRIMARY KEY ("host","token_key");
