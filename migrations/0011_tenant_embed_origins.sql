CREATE TABLE "tenant_embed_origins" (
	"tenant_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_embed_origins_tenant_id_origin_pk" PRIMARY KEY("tenant_id","origin")
);
--> statement-breakpoint
ALTER TABLE "tenant_embed_origins" ADD CONSTRAINT "tenant_embed_origins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Copy (hand-written): each tenant's booking_settings.embed_origins, in the owner's order, once each.
INSERT INTO "tenant_embed_origins" ("tenant_id", "origin", "position")
SELECT s."tenant_id", e.origin, (e.n - 1)::integer
FROM "booking_settings" AS s
CROSS JOIN LATERAL jsonb_array_elements_text(s."embed_origins") WITH ORDINALITY AS e(origin, n)
WHERE jsonb_typeof(s."embed_origins") = 'array'
ON CONFLICT ("tenant_id", "origin") DO NOTHING;--> statement-breakpoint
ALTER TABLE "booking_settings" DROP COLUMN "embed_origins";