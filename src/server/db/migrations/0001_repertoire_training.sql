CREATE TABLE "coverage_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"color" text NOT NULL,
	"status" text NOT NULL,
	"speeds" text NOT NULL,
	"ratings" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"holes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"bound" double precision DEFAULT 0 NOT NULL,
	"results" text DEFAULT '' NOT NULL,
	"report" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drill_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"color" text NOT NULL,
	"position_key" text NOT NULL,
	"fen" text NOT NULL,
	"line" text DEFAULT '' NOT NULL,
	"move_number" integer DEFAULT 1 NOT NULL,
	"answers" jsonb NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	"chapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retired_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drill_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"uci" text NOT NULL,
	"correct" integer NOT NULL,
	"rating" integer NOT NULL,
	"state" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"last_elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"review" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lichess_connections" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lichess_name" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pauses" (
	"host" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_position_stats" (
	"user_id" integer NOT NULL,
	"fen" text NOT NULL,
	"speeds" text NOT NULL,
	"ratings" text NOT NULL,
	"white" integer NOT NULL,
	"draws" integer NOT NULL,
	"black" integer NOT NULL,
	"moves" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_position_stats_user_id_fen_speeds_ratings_pk" PRIMARY KEY("user_id","fen","speeds","ratings")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "drill_new_per_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cards_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coverage_runs" ADD CONSTRAINT "coverage_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_items" ADD CONSTRAINT "drill_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_logs" ADD CONSTRAINT "drill_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lichess_connections" ADD CONSTRAINT "lichess_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_position_stats" ADD CONSTRAINT "user_position_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coverage_runs_user_color_idx" ON "coverage_runs" USING btree ("user_id","color","id");--> statement-breakpoint
CREATE UNIQUE INDEX "drill_items_user_color_key_idx" ON "drill_items" USING btree ("user_id","color","position_key");--> statement-breakpoint
CREATE INDEX "drill_items_due_idx" ON "drill_items" USING btree ("user_id","color","due");--> statement-breakpoint
CREATE INDEX "drill_logs_user_review_idx" ON "drill_logs" USING btree ("user_id","review");--> statement-breakpoint
CREATE INDEX "drill_logs_item_idx" ON "drill_logs" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "oauth_states_user_idx" ON "oauth_states" USING btree ("user_id");