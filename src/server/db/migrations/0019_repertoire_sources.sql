-- A colour's repertoire from several sources (Lichess studies or PGN files, at most 8 a colour). The
-- studies row stays what every reader reads: the union of the enabled sources, written whenever they
-- change. Each player's one study becomes their first source.
CREATE TABLE "repertoire_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"color" text NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"link" text,
	"study_text" text NOT NULL,
	"exclusions" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"positions" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "repertoire_sources" ADD CONSTRAINT "repertoire_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repertoire_sources_user_color_idx" ON "repertoire_sources" USING btree ("user_id","color","ordinal");--> statement-breakpoint
ALTER TABLE "repertoire_sources" ALTER COLUMN "study_text" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "repertoire_sources" ("user_id", "color", "ordinal", "name", "kind", "link", "study_text", "exclusions", "created_at", "updated_at")
  SELECT "user_id", "color", 0, COALESCE(NULLIF("title", ''), CASE WHEN "link" IS NULL THEN 'Uploaded PGN' ELSE 'Lichess study' END), CASE WHEN "link" IS NULL THEN 'file' ELSE 'lichess' END, "link", "study_text",
    "exclude_move_indicators", "last_update", "last_update"
  FROM "studies" WHERE "study_text" IS NOT NULL;
