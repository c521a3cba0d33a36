ALTER TABLE "site_game_checks" ADD COLUMN IF NOT EXISTS "beat_at" timestamp with time zone;
