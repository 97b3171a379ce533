-- Shipping fees from the courier, where the owner chooses it (docs/decisions/064): the shop's own
-- fees ('shop', as before) or the courier's rates for the address and parcel ('courier').
ALTER TABLE "settings" ADD COLUMN "shipping_fees_from" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_shipping_fees_from" CHECK ("settings"."shipping_fees_from" in ('shop', 'courier'));
