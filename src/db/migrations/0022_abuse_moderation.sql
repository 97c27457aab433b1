DROP INDEX "reviews_booking_key";--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ALTER COLUMN "approval" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ADD COLUMN "report_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraiser_reports" ADD COLUMN "reporter_key" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_staff_id_staff_id_fk" FOREIGN KEY ("moderated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_reports_reporter_key" ON "fundraiser_reports" USING btree ("fundraiser_id","reporter_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id") WHERE "reviews"."kind" = 'review';