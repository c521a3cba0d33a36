CREATE TABLE IF NOT EXISTS "game_import_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"auto_import" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_import_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
ALTER TABLE "game_reviews" ADD COLUMN IF NOT EXISTS "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_game_checks" ADD COLUMN IF NOT EXISTS "imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_game_checks" ADD COLUMN IF NOT EXISTS "imported_until" timestamp with time zone;
