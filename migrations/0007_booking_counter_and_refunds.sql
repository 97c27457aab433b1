ALTER TABLE "bookings" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pay_at_counter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refunded_by_staff_id_staff_id_fk" FOREIGN KEY ("refunded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;