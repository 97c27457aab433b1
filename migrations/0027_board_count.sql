ALTER TABLE "campaign_fundraising" ADD COLUMN "board_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 25: how many fundraisers a campaign's board lists (live or closed), kept in the same
-- transaction as every write that moves a fundraiser on or off it. The increment is one atomic
-- upsert, so concurrent creations cannot lose a count; a campaign without a settings row gets one
-- (its defaults are the same as no row).
CREATE OR REPLACE FUNCTION fundraisers_keep_board_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('live', 'closed') THEN
    IF TG_OP = 'DELETE' OR NOT (NEW.status IN ('live', 'closed') AND NEW.campaign_id = OLD.campaign_id) THEN
      -- No insert here: a delete may come from a cascade that already removed the settings row.
      UPDATE "campaign_fundraising" SET "board_count" = "board_count" - 1 WHERE "campaign_id" = OLD.campaign_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('live', 'closed') THEN
    IF TG_OP = 'INSERT' OR NOT (OLD.status IN ('live', 'closed') AND OLD.campaign_id = NEW.campaign_id) THEN
      INSERT INTO "campaign_fundraising" ("campaign_id", "tenant_id", "board_count")
        VALUES (NEW.campaign_id, NEW.tenant_id, 1)
        ON CONFLICT ("campaign_id") DO UPDATE SET "board_count" = "campaign_fundraising"."board_count" + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fundraisers_board_count AFTER INSERT OR UPDATE OF status, campaign_id OR DELETE ON "fundraisers"
  FOR EACH ROW EXECUTE FUNCTION fundraisers_keep_board_count();
--> statement-breakpoint
INSERT INTO "campaign_fundraising" ("campaign_id", "tenant_id", "board_count")
  SELECT "campaign_id", "tenant_id", count(*)::int FROM "fundraisers" WHERE "status" IN ('live', 'closed')
  GROUP BY "campaign_id", "tenant_id"
  ON CONFLICT ("campaign_id") DO UPDATE SET "board_count" = EXCLUDED."board_count";
