DROP INDEX "fundraiser_teams_board_amount_idx";--> statement-breakpoint
DROP INDEX "fundraiser_teams_board_donors_idx";--> statement-breakpoint
DROP INDEX "fundraiser_teams_board_score_idx";--> statement-breakpoint
ALTER TABLE "fundraiser_teams" ADD COLUMN "board_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "fundraiser_teams_board_amount_idx" ON "fundraiser_teams" USING btree ("tenant_id","campaign_id","raised_minor" DESC NULLS LAST,"donor_count" DESC NULLS LAST,"created_at","id") WHERE "fundraiser_teams"."board_members" > 0;--> statement-breakpoint
CREATE INDEX "fundraiser_teams_board_donors_idx" ON "fundraiser_teams" USING btree ("tenant_id","campaign_id","donor_count" DESC NULLS LAST,"raised_minor" DESC NULLS LAST,"created_at","id") WHERE "fundraiser_teams"."board_members" > 0;--> statement-breakpoint
CREATE INDEX "fundraiser_teams_board_score_idx" ON "fundraiser_teams" USING btree ("tenant_id","campaign_id",("donor_count"::bigint * "raised_minor") DESC NULLS LAST,"raised_minor" DESC NULLS LAST,"donor_count" DESC NULLS LAST,"created_at","id") WHERE "fundraiser_teams"."board_members" > 0;--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ADD CONSTRAINT "campaign_fundraising_board_count_not_negative" CHECK ("campaign_fundraising"."board_count" >= 0);--> statement-breakpoint
ALTER TABLE "fundraiser_teams" ADD CONSTRAINT "fundraiser_teams_board_members_not_negative" CHECK ("fundraiser_teams"."board_members" >= 0);--> statement-breakpoint
-- Issue 25: how many of a team's fundraisers are on its campaign's board (live or closed), kept in
-- the same transaction as every write that moves one on or off it or between teams, so the board
-- lists its teams by the ranking index without counting members. Locks fundraiser → team, the
-- settlement's order.
CREATE OR REPLACE FUNCTION fundraisers_keep_team_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.team_id IS NOT NULL AND OLD.status IN ('live', 'closed') THEN
    IF TG_OP = 'DELETE' OR NOT (NEW.status IN ('live', 'closed') AND NEW.team_id IS NOT DISTINCT FROM OLD.team_id) THEN
      UPDATE "fundraiser_teams" SET "board_members" = "board_members" - 1 WHERE "id" = OLD.team_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.team_id IS NOT NULL AND NEW.status IN ('live', 'closed') THEN
    IF TG_OP = 'INSERT' OR NOT (OLD.status IN ('live', 'closed') AND OLD.team_id IS NOT DISTINCT FROM NEW.team_id) THEN
      UPDATE "fundraiser_teams" SET "board_members" = "board_members" + 1 WHERE "id" = NEW.team_id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fundraisers_team_members AFTER INSERT OR UPDATE OF status, team_id OR DELETE ON "fundraisers"
  FOR EACH ROW EXECUTE FUNCTION fundraisers_keep_team_members();
--> statement-breakpoint
UPDATE "fundraiser_teams" SET "board_members" = counted.n
  FROM (SELECT "team_id", count(*)::int AS n FROM "fundraisers"
        WHERE "team_id" IS NOT NULL AND "status" IN ('live', 'closed') GROUP BY "team_id") AS counted
  WHERE "fundraiser_teams"."id" = counted.team_id;
