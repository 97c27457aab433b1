ALTER TABLE "outbox" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_settings" ADD COLUMN "sms_abroad" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_coalesce_idx" ON "outbox" USING btree ("coalesce_key") WHERE "outbox"."coalesce_key" IS NOT NULL AND "outbox"."status" = 'pending';