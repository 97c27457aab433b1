ALTER TABLE "blocked_dates" ADD COLUMN "start_minute" integer;--> statement-breakpoint
ALTER TABLE "blocked_dates" ADD COLUMN "end_minute" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "outside_hours_kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;