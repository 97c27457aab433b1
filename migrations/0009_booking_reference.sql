ALTER TABLE "bookings" ADD COLUMN "reference" text;--> statement-breakpoint
-- Hand-written: older bookings get a reference from their id (7 hex characters of md5, with 0 and 1
-- turned into X and Y, so every character is in the reference alphabet), before the unique index.
UPDATE "bookings" SET "reference" = translate(upper(substr(md5("id"::text), 1, 7)), '01', 'XY') WHERE "reference" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("tenant_id","reference");
