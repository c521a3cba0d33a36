ALTER TABLE "mistakes" ADD COLUMN "kind" text;--> statement-breakpoint
CREATE TABLE "game_analyses" (
	"game_review_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"depth" integer NOT NULL,
	"evals" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_analyses" ADD CONSTRAINT "game_analyses_game_review_id_game_reviews_id_fk" FOREIGN KEY ("game_review_id") REFERENCES "public"."game_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_analyses" ADD CONSTRAINT "game_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_analyses_user_idx" ON "game_analyses" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "cloud_evals" (
	"fen" text NOT NULL,
	"multi_pv" integer NOT NULL,
	"answer" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_evals_fen_multi_pv_pk" PRIMARY KEY("fen","multi_pv")
);
