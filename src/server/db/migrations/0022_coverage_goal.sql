-- Coverage goal per player and colour, the expected score over time, and edits applied together (a
-- trim) that one undo takes back together.
CREATE TABLE "repertoire_goals" (
	"user_id" integer NOT NULL,
	"color" text NOT NULL,
	"goal" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repertoire_goals_user_id_color_pk" PRIMARY KEY("user_id","color")
);--> statement-breakpoint
ALTER TABLE "repertoire_goals" ADD CONSTRAINT "repertoire_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "expected_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"color" text NOT NULL,
	"score" double precision NOT NULL,
	"baseline" double precision NOT NULL,
	"covered_reach" double precision NOT NULL,
	"speeds" text NOT NULL,
	"ratings" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "expected_scores" ADD CONSTRAINT "expected_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expected_scores_user_color_idx" ON "expected_scores" USING btree ("user_id","color","id");--> statement-breakpoint
ALTER TABLE "repertoire_edits" ADD COLUMN "group_id" integer;
