-- get-cards lists a player's cards by (due, id): with id in the index the rows come in that order and
-- the list needs no sort (PostgreSQL 16 and later also feed an ordered aggregate from it).
DROP INDEX "cards_due_idx";--> statement-breakpoint
CREATE INDEX "cards_due_idx" ON "cards" USING btree ("user_id","due","id");