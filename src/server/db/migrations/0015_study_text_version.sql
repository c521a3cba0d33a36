-- A number that changes whenever a study's text, exclusions, link or title is written, by whatever
-- writes it: the drill reads this small column to know its kept deck is still the study's, instead
-- of reading and hashing the whole text on every call.
CREATE SEQUENCE IF NOT EXISTS "study_text_versions";--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "text_version" bigint DEFAULT nextval('study_text_versions') NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "studies_text_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.text_version := nextval('study_text_versions');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "studies_text_version" BEFORE INSERT OR UPDATE OF "study_text", "exclude_move_indicators", "link", "title" ON "studies" FOR EACH ROW EXECUTE FUNCTION "studies_text_version"();
