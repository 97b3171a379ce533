-- Pack sizes (docs/decisions/056): price, discount price and stock move from the product to its
-- sizes. Every product becomes a product with one size carrying what the product held, under an
-- empty label (shown as the product alone) and a SKU made from its slug; cart lines and order
-- lines name that size. One transaction: a database is migrated whole or not at all.
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"price" integer NOT NULL,
	"discount_price" integer,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price" > 0),
	CONSTRAINT "product_variants_discount_price_range" CHECK ("product_variants"."discount_price" is null or ("product_variants"."discount_price" > 0 and "product_variants"."discount_price" < "product_variants"."price")),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock_quantity" >= 0),
	CONSTRAINT "product_variants_weight_positive" CHECK ("product_variants"."weight_grams" is null or "product_variants"."weight_grams" > 0),
	CONSTRAINT "product_variants_label_length" CHECK (char_length("product_variants"."label") <= 40),
	CONSTRAINT "product_variants_sku_format" CHECK (char_length("product_variants"."sku") between 1 and 160 and "product_variants"."sku" ~ '^[A-Za-z0-9][A-Za-z0-9._/-]*$')
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_label_unique" ON "product_variants" USING btree ("product_id",lower("label")) WHERE "product_variants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "product_variants_product_id_idx" ON "product_variants" USING btree ("product_id","sort_order","id");--> statement-breakpoint
-- The SKU is the slug (what the product page's structured data already called its SKU), with
-- anything a SKU may not hold turned into hyphens; a slug that differs from another only in
-- case, or has no letter or digit, gets part of the product's id so that every SKU is unique.
INSERT INTO "product_variants" ("product_id", "label", "sku", "price", "discount_price", "stock_quantity", "sort_order", "created_at", "updated_at")
SELECT p.id, '',
  CASE WHEN named.rank = 1 AND named.base <> '' THEN named.base
       ELSE left(coalesce(nullif(named.base, ''), 'P'), 150) || '-' || left(p.id::text, 8) END,
  p.price, p.discount_price, p.stock_quantity, 0, p.created_at, p.updated_at
FROM "products" p
JOIN (
  SELECT cleaned.id, cleaned.base,
    row_number() OVER (PARTITION BY lower(cleaned.base) ORDER BY cleaned.created_at, cleaned.id) AS rank
  FROM (
    SELECT id, created_at,
      left(regexp_replace(regexp_replace(slug, '[^A-Za-z0-9._/-]+', '-', 'g'), '^[^A-Za-z0-9]+', ''), 150) AS base
    FROM "products"
  ) cleaned
) named ON named.id = p.id;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
UPDATE "cart_items" ci SET "variant_id" = v.id FROM "product_variants" v WHERE v.product_id = ci.product_id;--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cart_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
-- Lines whose product was deleted keep no size and no SKU: there is none to name.
UPDATE "order_items" oi SET "variant_id" = v.id, "variant_label" = v.label, "sku" = v.sku FROM "product_variants" v WHERE v.product_id = oi.product_id;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_id_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- The product's own row no longer holds stock: any change to it shows on its page and the lists.
CREATE OR REPLACE FUNCTION notify_product_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'updated_at') = (to_jsonb(NEW) - 'updated_at') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('storefront_changed', 'product:' || COALESCE(NEW.id, OLD.id) || ' products');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A size shows on its product's page to the unit of stock; lists show the size a card shows
-- (the first in stock), so they change with anything but a stock count that stays above zero.
CREATE OR REPLACE FUNCTION notify_product_variant_changed() RETURNS trigger AS $$
DECLARE
  tags text := 'product:' || COALESCE(NEW.product_id, OLD.product_id);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(OLD) - 'updated_at') = (to_jsonb(NEW) - 'updated_at') THEN
      RETURN NULL;
    END IF;
    IF (to_jsonb(OLD) - 'stock_quantity' - 'updated_at')
         IS DISTINCT FROM (to_jsonb(NEW) - 'stock_quantity' - 'updated_at')
      OR (OLD.stock_quantity > 0) <> (NEW.stock_quantity > 0)
    THEN
      tags := tags || ' products';
    END IF;
  ELSE
    tags := tags || ' products';
  END IF;
  PERFORM pg_notify('storefront_changed', tags);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_storefront_changed
AFTER INSERT OR UPDATE OR DELETE ON product_variants
FOR EACH ROW EXECUTE FUNCTION notify_product_variant_changed();
--> statement-breakpoint
DROP INDEX "products_unit_price_idx";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_positive";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_discount_price_range";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_non_negative";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "discount_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_quantity";
