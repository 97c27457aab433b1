CREATE TABLE "queue_counters" (
	"queue_id" uuid NOT NULL,
	"service_date" date NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "queue_counters_queue_id_service_date_pk" PRIMARY KEY("queue_id","service_date")
);
--> statement-breakpoint
CREATE TABLE "queue_displays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "queue_displays_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "queue_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"channel_key" text NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"sms_near_ahead" integer DEFAULT 3 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"queue_id" uuid NOT NULL,
	"from_queue_id" uuid,
	"point_id" uuid,
	"staff_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"queue_id" uuid NOT NULL,
	"origin_queue_id" uuid NOT NULL,
	"service_date" date NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"source" text NOT NULL,
	"point_id" uuid,
	"booking_id" uuid,
	"phone" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_at" timestamp with time zone,
	"serving_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recalls" integer DEFAULT 0 NOT NULL,
	"sms_near_sent_at" timestamp with time zone,
	"sms_called_sent_at" timestamp with time zone,
	CONSTRAINT "queue_tickets_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kiosk" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"queue_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "offers_queue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_displays" ADD CONSTRAINT "queue_displays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_settings" ADD CONSTRAINT "queue_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_ticket_events" ADD CONSTRAINT "queue_ticket_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_ticket_events" ADD CONSTRAINT "queue_ticket_events_ticket_id_queue_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."queue_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_ticket_events" ADD CONSTRAINT "queue_ticket_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_origin_queue_id_queues_id_fk" FOREIGN KEY ("origin_queue_id") REFERENCES "public"."queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_point_id_service_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."service_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "service_points_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_points" ADD CONSTRAINT "service_points_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_displays_tenant" ON "queue_displays" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "queue_ticket_events_ticket" ON "queue_ticket_events" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_number" ON "queue_tickets" USING btree ("origin_queue_id","service_date","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_booking" ON "queue_tickets" USING btree ("booking_id") WHERE booking_id is not null;--> statement-breakpoint
CREATE INDEX "queue_tickets_waiting" ON "queue_tickets" USING btree ("tenant_id","queue_id","status","queued_at");--> statement-breakpoint
CREATE INDEX "queue_tickets_day" ON "queue_tickets" USING btree ("tenant_id","service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_tenant_prefix" ON "queues" USING btree ("tenant_id","prefix");--> statement-breakpoint
CREATE INDEX "service_points_tenant" ON "service_points" USING btree ("tenant_id","position");