CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"recorded_by_staff_id" uuid,
	"provider_ref" text,
	"failure_reason" text,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_staff_id_staff_id_fk" FOREIGN KEY ("recorded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("tenant_id","status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_reason_key" ON "refunds" USING btree ("payment_id","reason") WHERE "refunds"."reason" <> 'staff';--> statement-breakpoint
-- Hand-written backfill: the booking-level refund flags become refund rows on the payment that paid
-- the booking's invoice (the earliest paid one), due or, when staff recorded it, succeeded.
INSERT INTO "refunds" ("tenant_id", "payment_id", "amount", "reason", "status", "requested_at", "completed_at", "recorded_by_staff_id")
SELECT DISTINCT ON (b."id") b."tenant_id", p."id", p."amount",
  CASE WHEN b."status" = 'cancelled' THEN 'booking_cancelled' ELSE 'slot_lost' END,
  CASE WHEN b."refunded_at" IS NOT NULL THEN 'succeeded' ELSE 'due' END,
  COALESCE(p."settled_at", b."created_at"), b."refunded_at", b."refunded_by_staff_id"
FROM "bookings" b
JOIN "payments" p ON p."invoice_id" = b."invoice_id" AND p."tenant_id" = b."tenant_id" AND p."status" = 'paid' AND p."amount" > 0
WHERE b."refund_due" = true
ORDER BY b."id", p."settled_at" NULLS LAST, p."created_at"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Hand-written backfill: a payment on an invoice that was already paid said so in a magic string;
-- it becomes a due 'paid_twice' refund and the string goes.
INSERT INTO "refunds" ("tenant_id", "payment_id", "amount", "reason", "status", "requested_at")
SELECT p."tenant_id", p."id", p."amount", 'paid_twice', 'due', COALESCE(p."settled_at", p."created_at")
FROM "payments" p
WHERE p."failure_reason" = 'refund_due_invoice_already_paid' AND p."amount" > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "payments" SET "failure_reason" = NULL WHERE "failure_reason" = 'refund_due_invoice_already_paid';
