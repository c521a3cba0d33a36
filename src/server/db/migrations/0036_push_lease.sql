ALTER TABLE "studies" ADD COLUMN IF NOT EXISTS "pushing_until" timestamp with time zone;
