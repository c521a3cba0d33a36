ALTER TABLE "player_tasks" ADD COLUMN IF NOT EXISTS "saved" jsonb;
