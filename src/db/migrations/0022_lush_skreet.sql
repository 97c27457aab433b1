ALTER TABLE "tenant_settings" ADD COLUMN "receipt_officer_name" text;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "receipt_officer_title" text;