-- Every write that changes what a signed-out visitor's page shows is announced on the
-- 'storefront_changed' channel with the tags of what changed (space-separated; the names are in
-- app/domain/page-cache-rules.ts). NOTIFY is transactional: the processes' page caches hear it
-- when the write commits, and never for a write that rolls back (docs/decisions/033).
CREATE OR REPLACE FUNCTION notify_storefront_changed() RETURNS trigger AS $$
BEGIN
  -- Statement-level triggers pass the tags to announce as their argument.
  PERFORM pg_notify('storefront_changed', TG_ARGV[0]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER categories_storefront_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('categories');
--> statement-breakpoint
CREATE TRIGGER settings_storefront_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('settings');
--> statement-breakpoint
CREATE TRIGGER coupons_storefront_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coupons
FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed('offers');
--> statement-breakpoint
-- A product's own page shows all of it, its stock to the unit; lists show everything but the
-- stock count, of which they only show whether it is out of stock.
CREATE OR REPLACE FUNCTION notify_product_changed() RETURNS trigger AS $$
DECLARE
  tags text := 'product:' || COALESCE(NEW.id, OLD.id);
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
CREATE TRIGGER products_storefront_changed
AFTER INSERT OR UPDATE OR DELETE ON products
FOR EACH ROW EXECUTE FUNCTION notify_product_changed();
--> statement-breakpoint
-- Pictures show on the product's page and, the first of them, on every list.
CREATE OR REPLACE FUNCTION notify_product_image_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('storefront_changed', 'product:' || COALESCE(NEW.product_id, OLD.product_id) || ' products');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_images_storefront_changed
AFTER INSERT OR UPDATE OR DELETE ON product_images
FOR EACH ROW EXECUTE FUNCTION notify_product_image_changed();
--> statement-breakpoint
-- Only approved reviews are shown (the product's rating is on the products row and announced there).
CREATE OR REPLACE FUNCTION notify_review_changed() RETURNS trigger AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.is_approved) OR (TG_OP <> 'DELETE' AND NEW.is_approved) THEN
    PERFORM pg_notify('storefront_changed', 'product:' || COALESCE(NEW.product_id, OLD.product_id));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_storefront_changed
AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION notify_review_changed();
--> statement-breakpoint
-- A picture's bytes are in its URL (docs/decisions/030): new variants mean new addresses on the
-- pages of every product showing it.
CREATE OR REPLACE FUNCTION notify_image_changed() RETURNS trigger AS $$
DECLARE
  tags text;
BEGIN
  SELECT string_agg(DISTINCT 'product:' || product_id, ' ') INTO tags
  FROM product_images WHERE image_id = NEW.id;
  IF tags IS NOT NULL THEN
    PERFORM pg_notify('storefront_changed', tags || ' products');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER images_storefront_changed
AFTER UPDATE ON images
FOR EACH ROW WHEN (OLD.content_hash IS DISTINCT FROM NEW.content_hash)
EXECUTE FUNCTION notify_image_changed();
