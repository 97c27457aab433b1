ALTER TABLE "invoice_lines" ALTER COLUMN "unit_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "fee" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "fee" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ALTER COLUMN "amount" SET DATA TYPE bigint;