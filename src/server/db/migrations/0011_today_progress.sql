CREATE TABLE "today_visits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"previous_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_game_checks" (
	"user_id" integer NOT NULL,
	"site" text NOT NULL,
	"username" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"games" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "site_game_checks_user_id_site_pk" PRIMARY KEY("user_id","site")
);
--> statement-breakpoint
CREATE TABLE "player_schedulers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"reviews" integer NOT NULL,
	"actual_recall" double precision,
	"default_recall" double precision,
	"fitted_recall" double precision,
	"optimised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "today_visits" ADD CONSTRAINT "today_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_game_checks" ADD CONSTRAINT "site_game_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_schedulers" ADD CONSTRAINT "player_schedulers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Today and Progress count a player's reviews by time: done today, the streak, retention per week.
CREATE INDEX "review_logs_user_review_idx" ON "review_logs" USING btree ("user_id","review");
