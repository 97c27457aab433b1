ALTER TABLE "loyalty_members" ADD COLUMN "balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "loyalty_lots_member_live_idx" ON "loyalty_lots" USING btree ("member_id","expires_at","usable_from","entry_id") WHERE "loyalty_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "loyalty_lots_member_pending_idx" ON "loyalty_lots" USING btree ("member_id","usable_from") WHERE "loyalty_lots"."remaining" > 0;--> statement-breakpoint
-- Backfill: each member's kept balance is the sum of their ledger's points.
UPDATE "loyalty_members" m SET "balance" = s.points
FROM (SELECT "member_id", sum("points")::integer AS points FROM "loyalty_entries" GROUP BY "member_id") s
WHERE s."member_id" = m."id";
