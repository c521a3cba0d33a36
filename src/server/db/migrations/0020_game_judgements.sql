ALTER TABLE "game_analyses" ADD COLUMN "accuracy_white" integer;--> statement-breakpoint
ALTER TABLE "game_analyses" ADD COLUMN "accuracy_black" integer;--> statement-breakpoint
ALTER TABLE "game_analyses" ADD COLUMN "acpl_white" integer;--> statement-breakpoint
ALTER TABLE "game_analyses" ADD COLUMN "acpl_black" integer;--> statement-breakpoint
CREATE TABLE "learn_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_review_id" integer NOT NULL,
	"ply" integer NOT NULL,
	"uci" text NOT NULL,
	"solved" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learn_attempts" ADD CONSTRAINT "learn_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_attempts" ADD CONSTRAINT "learn_attempts_game_review_id_game_reviews_id_fk" FOREIGN KEY ("game_review_id") REFERENCES "public"."game_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learn_attempts_review_idx" ON "learn_attempts" USING btree ("game_review_id","ply");
