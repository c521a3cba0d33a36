CREATE TABLE IF NOT EXISTS "woodpecker_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "woodpecker_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "woodpecker_sets_user_idx" ON "woodpecker_sets" USING btree ("user_id","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "woodpecker_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"fen" text NOT NULL,
	"answer_uci" text NOT NULL,
	"answer_san" text NOT NULL,
	"title" text NOT NULL,
	"orientation" text NOT NULL,
	CONSTRAINT "woodpecker_positions_set_id_woodpecker_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."woodpecker_sets"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "woodpecker_positions_set_idx" ON "woodpecker_positions" USING btree ("set_id","ordinal");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "woodpecker_cycles" (
	"set_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"target_ms" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "woodpecker_cycles_set_id_cycle_pk" PRIMARY KEY("set_id","cycle"),
	CONSTRAINT "woodpecker_cycles_set_id_woodpecker_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."woodpecker_sets"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "woodpecker_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"position_id" integer NOT NULL,
	"uci" text NOT NULL,
	"correct" boolean NOT NULL,
	"ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "woodpecker_attempts_set_id_woodpecker_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."woodpecker_sets"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "woodpecker_attempts_position_id_woodpecker_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."woodpecker_positions"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "woodpecker_attempts_cycle_idx" ON "woodpecker_attempts" USING btree ("set_id","cycle","position_id");
