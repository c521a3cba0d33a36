-- The repertoire workshop: edits kept beside each study, the study text's md5 with line ends as \n (kept
-- by a trigger, so every writer of the text keeps it right; a form sends the text with \r\n), and the
-- additions chapter last written to Lichess.
ALTER TABLE "studies" ADD COLUMN "text_md5" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "additions_chapter" text;--> statement-breakpoint
UPDATE "studies" SET "text_md5" = md5(regexp_replace("study_text", E'\r\n?', E'\n', 'g')) WHERE "study_text" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "studies_text_md5"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."text_md5" := md5(regexp_replace(NEW."study_text", E'\r\n?', E'\n', 'g'));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "studies_text_md5" BEFORE INSERT OR UPDATE OF "study_text" ON "studies"
  FOR EACH ROW EXECUTE FUNCTION "studies_text_md5"();--> statement-breakpoint
CREATE TABLE "repertoire_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"color" text NOT NULL,
	"op" text NOT NULL,
	"line" text NOT NULL,
	"san" text NOT NULL,
	"anchored" boolean NOT NULL,
	"pushed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "repertoire_edits" ADD CONSTRAINT "repertoire_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repertoire_edits_user_color_idx" ON "repertoire_edits" USING btree ("user_id","color","id");
