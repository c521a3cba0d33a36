ALTER TABLE "repertoire_edits" ADD COLUMN IF NOT EXISTS "comment" text;
