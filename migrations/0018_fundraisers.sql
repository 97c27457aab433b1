CREATE TABLE "campaign_fundraising" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"approval" boolean DEFAULT false NOT NULL,
	"requires_verification" boolean DEFAULT false NOT NULL,
	"ranking" text DEFAULT 'amount' NOT NULL,
	"leaderboard_min" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraiser_files" (
	"fundraiser_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"version" text NOT NULL,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundraiser_files_fundraiser_id_kind_pk" PRIMARY KEY("fundraiser_id","kind")
);
--> statement-breakpoint
CREATE TABLE "fundraiser_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"fundraiser_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraiser_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"raised_minor" bigint DEFAULT 0 NOT NULL,
	"donor_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundraiser_teams_totals_not_negative" CHECK ("fundraiser_teams"."raised_minor" >= 0 AND "fundraiser_teams"."donor_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fundraisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"customer_id" uuid,
	"team_id" uuid,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"display_name" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"goal_minor" bigint,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"verification" text DEFAULT 'none' NOT NULL,
	"notify" text DEFAULT 'each' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"raised_minor" bigint DEFAULT 0 NOT NULL,
	"donor_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundraisers_totals_not_negative" CHECK ("fundraisers"."raised_minor" >= 0 AND "fundraisers"."donor_count" >= 0),
	CONSTRAINT "fundraisers_goal_positive" CHECK ("fundraisers"."goal_minor" IS NULL OR "fundraisers"."goal_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fundraiser_id" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fundraiser_team_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ADD CONSTRAINT "campaign_fundraising_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_fundraising" ADD CONSTRAINT "campaign_fundraising_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_files" ADD CONSTRAINT "fundraiser_files_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_files" ADD CONSTRAINT "fundraiser_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_files" ADD CONSTRAINT "fundraiser_files_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_reports" ADD CONSTRAINT "fundraiser_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_reports" ADD CONSTRAINT "fundraiser_reports_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_teams" ADD CONSTRAINT "fundraiser_teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_teams" ADD CONSTRAINT "fundraiser_teams_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_teams" ADD CONSTRAINT "fundraiser_teams_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_team_id_fundraiser_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."fundraiser_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundraiser_reports_open_idx" ON "fundraiser_reports" USING btree ("tenant_id","resolved","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_teams_campaign_slug_key" ON "fundraiser_teams" USING btree ("tenant_id","campaign_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraisers_campaign_slug_key" ON "fundraisers" USING btree ("tenant_id","campaign_id","slug");--> statement-breakpoint
CREATE INDEX "fundraisers_campaign_status_idx" ON "fundraisers" USING btree ("tenant_id","campaign_id","status");--> statement-breakpoint
CREATE INDEX "fundraisers_customer_idx" ON "fundraisers" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "fundraisers_team_idx" ON "fundraisers" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fundraiser_team_id_fundraiser_teams_id_fk" FOREIGN KEY ("fundraiser_team_id") REFERENCES "public"."fundraiser_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_fundraiser_idx" ON "donations" USING btree ("fundraiser_id","status");