-- The Anki deck is read in the order the cards were made, a page at a time after the last card sent:
-- this index finds each page at once instead of sorting all of the player's cards for every page.
CREATE INDEX IF NOT EXISTS "cards_created_idx" ON "cards" USING btree ("user_id","created_at","id");
