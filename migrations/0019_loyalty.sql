CREATE TABLE "loyalty_draws" (
	"entry_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "loyalty_draws_entry_id_lot_id_pk" PRIMARY KEY("entry_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"owed_delta" integer DEFAULT 0 NOT NULL,
	"key" text NOT NULL,
	"reason" text NOT NULL,
	"source_kind" text,
	"source_id" text,
	"expires_at" timestamp with time zone,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reward_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_lots" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"remaining" integer NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "loyalty_lots_remaining_valid" CHECK ("loyalty_lots"."points" > 0 AND "loyalty_lots"."remaining" >= 0 AND "loyalty_lots"."remaining" <= "loyalty_lots"."points")
);
--> statement-breakpoint
CREATE TABLE "loyalty_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"programme_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"birthday" date,
	"locale" text DEFAULT 'en' NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"owed" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_members_owed_not_negative" CHECK ("loyalty_members"."owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"earn_points" integer DEFAULT 0 NOT NULL,
	"earn_per_minor" bigint DEFAULT 100 NOT NULL,
	"visit_points" integer DEFAULT 0 NOT NULL,
	"signup_bonus" integer DEFAULT 0 NOT NULL,
	"earn_on_donations" boolean DEFAULT false NOT NULL,
	"expiry_months" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tier_window_months" integer DEFAULT 12 NOT NULL,
	"not_usable_same_day" boolean DEFAULT false NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programmes_rules_valid" CHECK ("loyalty_programmes"."earn_points" >= 0 AND "loyalty_programmes"."earn_per_minor" > 0 AND "loyalty_programmes"."visit_points" >= 0 AND "loyalty_programmes"."signup_bonus" >= 0 AND ("loyalty_programmes"."expiry_months" IS NULL OR "loyalty_programmes"."expiry_months" > 0) AND "loyalty_programmes"."tier_window_months" > 0 AND jsonb_array_length("loyalty_programmes"."tiers") <= 5)
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"programme_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"points_cost" integer NOT NULL,
	"value_minor" bigint,
	"percent" integer,
	"stock" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"voucher_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_rewards_cost_positive" CHECK ("loyalty_rewards"."points_cost" > 0),
	CONSTRAINT "loyalty_rewards_stock_not_negative" CHECK ("loyalty_rewards"."stock" IS NULL OR "loyalty_rewards"."stock" >= 0),
	CONSTRAINT "loyalty_rewards_value_valid" CHECK (("loyalty_rewards"."value_minor" IS NULL OR "loyalty_rewards"."value_minor" > 0) AND ("loyalty_rewards"."percent" IS NULL OR ("loyalty_rewards"."percent" > 0 AND "loyalty_rewards"."percent" <= 100)))
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"allowed_reward_kinds" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reward_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_draws" ADD CONSTRAINT "loyalty_draws_entry_id_loyalty_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."loyalty_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_draws" ADD CONSTRAINT "loyalty_draws_lot_id_loyalty_lots_entry_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."loyalty_lots"("entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_holds" ADD CONSTRAINT "loyalty_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_holds" ADD CONSTRAINT "loyalty_holds_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_holds" ADD CONSTRAINT "loyalty_holds_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_holds" ADD CONSTRAINT "loyalty_holds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_lots" ADD CONSTRAINT "loyalty_lots_entry_id_loyalty_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."loyalty_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_lots" ADD CONSTRAINT "loyalty_lots_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_programme_id_loyalty_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."loyalty_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programmes" ADD CONSTRAINT "loyalty_programmes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_programme_id_loyalty_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."loyalty_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_settings" ADD CONSTRAINT "loyalty_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_vouchers" ADD CONSTRAINT "loyalty_vouchers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_vouchers" ADD CONSTRAINT "loyalty_vouchers_member_id_loyalty_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_vouchers" ADD CONSTRAINT "loyalty_vouchers_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_vouchers" ADD CONSTRAINT "loyalty_vouchers_used_by_staff_id_staff_id_fk" FOREIGN KEY ("used_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_draws_lot_idx" ON "loyalty_draws" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_tenant_key" ON "loyalty_entries" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE INDEX "loyalty_entries_member_idx" ON "loyalty_entries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_holds_invoice_key" ON "loyalty_holds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "loyalty_holds_due_idx" ON "loyalty_holds" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "loyalty_lots_member_idx" ON "loyalty_lots" USING btree ("member_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_members_programme_customer_key" ON "loyalty_members" USING btree ("programme_id","customer_id");--> statement-breakpoint
CREATE INDEX "loyalty_members_tenant_customer_idx" ON "loyalty_members" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programmes_tenant_public_id_key" ON "loyalty_programmes" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE INDEX "loyalty_rewards_programme_idx" ON "loyalty_rewards" USING btree ("tenant_id","programme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_vouchers_tenant_code_key" ON "loyalty_vouchers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "loyalty_vouchers_member_idx" ON "loyalty_vouchers" USING btree ("member_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows leave only with their member or tenant (a cascade runs inside another trigger).
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the loyalty ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loyalty_entries_append_only BEFORE UPDATE OR DELETE ON "loyalty_entries"
  FOR EACH ROW EXECUTE FUNCTION loyalty_append_only();
--> statement-breakpoint
CREATE TRIGGER loyalty_draws_append_only BEFORE UPDATE OR DELETE ON "loyalty_draws"
  FOR EACH ROW EXECUTE FUNCTION loyalty_append_only();
