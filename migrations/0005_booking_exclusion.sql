-- No double booking, enforced by the database (DESIGN.md §4): two blocking bookings of one
-- resource may not overlap. Buffers are inside [blocks_from, blocks_until).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "resource_id" WITH =,
  tstzrange("blocks_from", "blocks_until", '[)') WITH &&
) WHERE ("status" IN ('held', 'requested', 'confirmed'));
