ALTER TABLE "queues" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "service_points" ADD COLUMN "active" boolean DEFAULT true NOT NULL;