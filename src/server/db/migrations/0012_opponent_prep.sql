CREATE TABLE IF NOT EXISTS "opponent_preps" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site" text NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"color" text NOT NULL,
	"games" integer NOT NULL,
	"compared" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opponent_preps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "opponent_preps_key_idx" ON "opponent_preps" USING btree ("user_id","site","username_key","color");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opponent_preps_user_idx" ON "opponent_preps" USING btree ("user_id","created_at");
