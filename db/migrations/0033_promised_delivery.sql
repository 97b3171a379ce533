ALTER TABLE "orders" ADD COLUMN "promised_delivery_on" date;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "shop_holidays" text[] DEFAULT '{01-26,05-01,08-15,10-02}'::text[] NOT NULL;