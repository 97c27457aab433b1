CREATE TABLE "campaign_images" (
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_images_campaign_id_kind_pk" PRIMARY KEY("campaign_id","kind")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"story" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"goal_minor" bigint,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"suggested_amounts" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"min_amount_minor" bigint DEFAULT 100 NOT NULL,
	"max_amount_minor" bigint,
	"one_time" boolean DEFAULT true NOT NULL,
	"weekly_counts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"monthly_counts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cover_fees_allowed" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"event_date" timestamp with time zone,
	"permit_number" text,
	"permit_valid_until" date,
	"raised_minor" bigint DEFAULT 0 NOT NULL,
	"donor_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_totals_not_negative" CHECK ("campaigns"."raised_minor" >= 0 AND "campaigns"."donor_count" >= 0),
	CONSTRAINT "campaigns_amounts_valid" CHECK ("campaigns"."min_amount_minor" > 0 AND ("campaigns"."goal_minor" IS NULL OR "campaigns"."goal_minor" > 0))
);
--> statement-breakpoint
CREATE TABLE "donation_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"count" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_customer_ref" text,
	"provider_method_ref" text,
	"anchor_date" date NOT NULL,
	"next_charge_on" date,
	"charges_made" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_reason" text,
	"donor_name" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"phone" text,
	"email" text,
	"customer_id" uuid,
	"locale" text DEFAULT 'en' NOT NULL,
	"address" jsonb,
	"tax_receipt" boolean DEFAULT false NOT NULL,
	"tax_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_plans_count_positive" CHECK ("donation_plans"."count" > 0 AND "donation_plans"."amount_minor" > 0 AND "donation_plans"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "donation_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"donation_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"donor_name" text NOT NULL,
	"tax_id" text,
	"approval_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_receipts_donation_id_unique" UNIQUE("donation_id")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"invoice_id" uuid,
	"plan_id" uuid,
	"instalment_seq" integer,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"donor_name" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"phone" text,
	"email" text,
	"customer_id" uuid,
	"message" text,
	"address" jsonb,
	"tax_receipt" boolean DEFAULT false NOT NULL,
	"tax_id" text,
	"offline" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid,
	"idempotency_key" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "donations_amounts_valid" CHECK ("donations"."amount_minor" > 0 AND "donations"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_instalments" (
	"plan_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_on" date NOT NULL,
	"invoice_id" uuid,
	"donation_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "plan_instalments_plan_id_seq_pk" PRIMARY KEY("plan_id","seq"),
	CONSTRAINT "plan_instalments_seq_positive" CHECK ("plan_instalments"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"tenant_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_sequences_tenant_id_year_pk" PRIMARY KEY("tenant_id","year")
);
--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "tax_exempt_ref" text;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "issues_tax_receipts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "donation_fee_rates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "donation_min_minor" bigint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "donation_max_minor" bigint;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_plans" ADD CONSTRAINT "donation_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_plans" ADD CONSTRAINT "donation_plans_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_plans" ADD CONSTRAINT "donation_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_plan_id_donation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."donation_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_plan_id_donation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."donation_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_sequences" ADD CONSTRAINT "receipt_sequences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_tenant_public_id_key" ON "campaigns" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE INDEX "campaigns_tenant_status_idx" ON "campaigns" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_plans_tenant_public_id_key" ON "donation_plans" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE INDEX "donation_plans_due_idx" ON "donation_plans" USING btree ("status","next_charge_on");--> statement-breakpoint
CREATE INDEX "donation_plans_campaign_idx" ON "donation_plans" USING btree ("tenant_id","campaign_id");--> statement-breakpoint
CREATE INDEX "donation_plans_customer_idx" ON "donation_plans" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_receipts_tenant_year_number_key" ON "donation_receipts" USING btree ("tenant_id","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_tenant_public_id_key" ON "donations" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_tenant_idempotency_key" ON "donations" USING btree ("tenant_id","idempotency_key") WHERE "donations"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "donations_campaign_idx" ON "donations" USING btree ("tenant_id","campaign_id","status","paid_at");--> statement-breakpoint
CREATE INDEX "donations_invoice_idx" ON "donations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "donations_plan_idx" ON "donations" USING btree ("plan_id","instalment_seq");--> statement-breakpoint
CREATE INDEX "donations_customer_idx" ON "donations" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "donations_tenant_created_idx" ON "donations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_instalments_due_idx" ON "plan_instalments" USING btree ("status","due_on");