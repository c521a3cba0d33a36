CREATE TABLE IF NOT EXISTS "player_tasks" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"run" text NOT NULL,
	"attempt" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb,
	"outcome" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "player_tasks_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
