-- Issue 23, one migration for the round's fixes: reviews wait for staff before the home page;
-- fundraiser pages wait for approval (and remember when they got it), reports count distinct
-- people; kiosk SMS abroad is a setting; reschedule notices coalesce (outbox coalesce_key);
-- unpaid donation checkouts are counted by a hashed address; receipts name their officer; a
-- reward may name its service; sign-up no longer asks for a birthday, which nothing used (PDPA
-- purpose limitation), and the birthdays collected are erased with the column.
DROP INDEX "reviews_booking_key";--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ALTER COLUMN "approval" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "client_hash" text;--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ADD COLUMN "report_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraiser_reports" ADD COLUMN "reporter_key" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "queue_settings" ADD COLUMN "sms_abroad" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "receipt_officer_name" text;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "receipt_officer_title" text;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_staff_id_staff_id_fk" FOREIGN KEY ("moderated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_coalesce_idx" ON "outbox" USING btree ("coalesce_key") WHERE "outbox"."coalesce_key" IS NOT NULL AND "outbox"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_reports_reporter_key" ON "fundraiser_reports" USING btree ("fundraiser_id","reporter_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id") WHERE "reviews"."kind" = 'review';--> statement-breakpoint
ALTER TABLE "loyalty_members" DROP COLUMN "birthday";--> statement-breakpoint
-- Pages already live on a campaign that required approval were approved by staff: keep them so.
UPDATE "fundraisers" f SET "approved_at" = f."updated_at"
  WHERE f."status" = 'live' AND EXISTS (
    SELECT 1 FROM "campaign_fundraising" c WHERE c."campaign_id" = f."campaign_id" AND c."approval");