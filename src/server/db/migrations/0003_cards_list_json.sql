ALTER TABLE "cards" ADD COLUMN "list_json" text;--> statement-breakpoint
-- get-cards joins these texts instead of building 5,000 JSON objects per request.
CREATE FUNCTION "cards_list_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := json_strip_nulls(json_build_object(
    'id', NEW.id, 'user_id', NEW.user_id::text, 'prompt', NEW.prompt, 'prompt_fen', NEW.prompt_fen,
    'prompt_pgn', NEW.prompt_pgn, 'answer', NEW.answer, 'answer_fen', NEW.answer_fen, 'answer_pgn', NEW.answer_pgn,
    'orientation', NEW.orientation,
    'due', to_char(NEW.due AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'stability', NEW.stability, 'difficulty', NEW.difficulty, 'elapsed_days', NEW.elapsed_days,
    'scheduled_days', NEW.scheduled_days, 'reps', NEW.reps, 'lapses', NEW.lapses, 'state', NEW.state,
    'last_review', to_char(NEW.last_review AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ))::text;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cards_list_json" BEFORE INSERT OR UPDATE ON "cards" FOR EACH ROW EXECUTE FUNCTION "cards_list_json"();
--> statement-breakpoint
UPDATE "cards" SET "list_json" = NULL;
