ALTER TABLE "product_variants" ADD COLUMN "net_quantity" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "medical_supervision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "grievance_officer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "grievance_officer_designation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "grievance_officer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "grievance_officer_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_net_quantity_length" CHECK (char_length("product_variants"."net_quantity") <= 40);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_manufacturer_length" CHECK (char_length("products"."manufacturer_name") <= 150 and char_length("products"."manufacturer_address") <= 300);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_country_of_origin_length" CHECK (char_length("products"."country_of_origin") <= 60);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_grievance_officer_length" CHECK (char_length("settings"."grievance_officer_name") <= 100 and char_length("settings"."grievance_officer_designation") <= 100 and char_length("settings"."grievance_officer_email") <= 254 and char_length("settings"."grievance_officer_phone") <= 20);