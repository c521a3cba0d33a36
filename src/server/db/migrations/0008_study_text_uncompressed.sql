-- Study texts and drill deck keys are stored out of line but not compressed: compressing a 4.5 MB study
-- took 200-300 ms inside a single statement (on the embedded database, the server's own thread) and
-- every read paid to decompress it again; PGN text is a few MB at most per player and colour.
ALTER TABLE "studies" ALTER COLUMN "study_text" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "studies" ALTER COLUMN "drill_deck_keys" SET STORAGE EXTERNAL;
