-- Issue 23: a reward may name the one service it applies to (and is described by it);
-- sign-up no longer asks for a birthday, which nothing used (PDPA purpose limitation): the
-- birthdays collected for a treat that never came are erased with the column.
ALTER TABLE "loyalty_rewards" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" DROP COLUMN "birthday";