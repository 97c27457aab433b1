CREATE TABLE "domain_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"platform" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "postcodes_postcode_city_pk" PRIMARY KEY("postcode","city")
);
--> statement-breakpoint
CREATE TABLE "tenant_hosts" (
	"hostname" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"currency_code" text DEFAULT 'MYR' NOT NULL,
	"currency_symbol" text DEFAULT 'RM' NOT NULL,
	"currency_multiplier" integer DEFAULT 100 NOT NULL,
	"currency_exponent" integer DEFAULT 2 NOT NULL,
	"theme" text DEFAULT 'black' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kuala_Lumpur' NOT NULL,
	"default_locale" text DEFAULT 'en' NOT NULL,
	"facebook_pixel_id" text,
	"tiktok_pixel_id" text,
	"analytics_site_id" text,
	"offers_appointments" boolean DEFAULT false NOT NULL,
	"offers_donations" boolean DEFAULT false NOT NULL,
	"offers_loyalty" boolean DEFAULT false NOT NULL,
	"offers_reviews" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tagline" jsonb NOT NULL,
	"registration_no" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"logo_path" text DEFAULT '' NOT NULL,
	"hero_path" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "domain_verifications" ADD CONSTRAINT "domain_verifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_hosts" ADD CONSTRAINT "tenant_hosts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_verifications_tenant_idx" ON "domain_verifications" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "tenant_hosts_tenant_idx" ON "tenant_hosts" USING btree ("tenant_id");