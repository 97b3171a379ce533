-- Couriers (docs/decisions/060): a shipment per order booked with the test courier or Shiprocket,
-- every scan the courier reported (one per AWB, status and time, however often it is repeated),
-- and the box size parcels are booked in.
CREATE TABLE "shipment_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"awb" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_scans_kind_check" CHECK ("shipment_scans"."kind" in ('picked_up','in_transit','out_for_delivery','failed_attempt','delivered','rto_initiated','rto_delivered')),
	CONSTRAINT "shipment_scans_source_check" CHECK ("shipment_scans"."source" in ('webhook','poll','test'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'booking' NOT NULL,
	"batch_id" uuid NOT NULL,
	"weight_grams" integer NOT NULL,
	"courier_name" text,
	"awb" text,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"label_url" text,
	"error" text,
	"pickup_requested_at" timestamp with time zone,
	"booked_by" uuid,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "shipments_awb_unique" UNIQUE("awb"),
	CONSTRAINT "shipments_provider_check" CHECK ("shipments"."provider" in ('test','shiprocket')),
	CONSTRAINT "shipments_state_check" CHECK ("shipments"."state" in ('booking','booking_failed','booked','pickup_requested','picked_up','in_transit','out_for_delivery','failed_attempt','delivered','rto_initiated','rto_delivered')),
	CONSTRAINT "shipments_weight_positive" CHECK ("shipments"."weight_grams" > 0),
	CONSTRAINT "shipments_booked_have_awb" CHECK ("shipments"."state" in ('booking','booking_failed') or "shipments"."awb" is not null)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "package_length_cm" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "package_breadth_cm" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "package_height_cm" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booked_by_profiles_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_once" ON "shipment_scans" USING btree ("awb","status","scanned_at");--> statement-breakpoint
CREATE INDEX "shipment_scans_shipment_idx" ON "shipment_scans" USING btree ("shipment_id","scanned_at");--> statement-breakpoint
CREATE INDEX "shipments_batch_idx" ON "shipments" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_package_size_range" CHECK ("settings"."package_length_cm" between 1 and 200 and "settings"."package_breadth_cm" between 1 and 200 and "settings"."package_height_cm" between 1 and 200);