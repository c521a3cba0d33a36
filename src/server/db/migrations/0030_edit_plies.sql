ALTER TABLE "repertoire_edits" ADD COLUMN IF NOT EXISTS "plies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "repertoire_edits" SET "plies" = (
  SELECT count(*) FROM regexp_split_to_table(btrim("line"), '\s+') AS t(word)
  WHERE word <> '' AND word !~ '^[0-9]+\.+$'
) WHERE "op" = 'add';
