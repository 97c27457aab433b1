CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"key" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_key_pk" PRIMARY KEY("job","key")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "source_id" text;--> statement-breakpoint
CREATE INDEX "invoice_lines_source_idx" ON "invoice_lines" USING btree ("tenant_id","source_kind","source_id");--> statement-breakpoint
-- Backfill (hand-written): an invoice's one reference was what its first line pays for.
UPDATE "invoice_lines" AS l SET "source_kind" = CASE i."kind" WHEN 'appointment' THEN 'booking' ELSE 'donation' END, "source_id" = i."reference_id"
FROM "invoices" AS i
WHERE l."invoice_id" = i."id" AND l."position" = 0 AND i."reference_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "reference_id";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_totals_not_negative" CHECK ("invoices"."subtotal" >= 0 AND "invoices"."total" >= 0);