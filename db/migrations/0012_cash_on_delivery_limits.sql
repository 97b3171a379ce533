ALTER TABLE "settings" ADD COLUMN "cod_max_order_value" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cod_excluded_pin_prefixes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_cod_max_positive" CHECK ("settings"."cod_max_order_value" > 0);