CREATE TABLE IF NOT EXISTS "schedule_optimisations" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
