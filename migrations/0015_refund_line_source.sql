ALTER TABLE "refunds" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "source_id" text;